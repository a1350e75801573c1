// This case proves that crdgen.yaml's descriptions.omit leaves out the descriptions of types of other modules, by type (k8s.io/api/core/v1.ResourceRequirements) and by package (k8s.io/apimachinery/pkg/apis/meta/v1.*), and keeps the doc of the fields that use them.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// JobSpec is the spec.
type JobSpec struct {
	// Resources keeps this doc; ResourceRequirements' own are left out.
	// +optional
	Resources corev1.ResourceRequirements `json:"resources,omitempty"`

	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`

	// Port is of a type of k8s.io/api/core/v1 that is not listed: described.
	// +optional
	Port *corev1.ContainerPort `json:"port,omitempty"`
}

// Job is a kind.
type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec JobSpec `json:"spec"`
}
