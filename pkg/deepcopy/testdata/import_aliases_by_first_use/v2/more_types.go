package v2

import (
	corev1 "k8s.io/api/core/v1"
)

// Beta is in a later file: its import comes after the first file's.
type Beta struct {
	Volumes map[string]corev1.Volume
	Ptr     *corev1.Volume
}
