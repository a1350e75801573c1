// Package v1beta2 holds experimental kinds of the same group-version as api/v1beta2.
//
// +groupName=infrastructure.example.com
package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// MachinePool is a pool of machines.
type MachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec MachinePoolSpec `json:"spec,omitempty"`
}

// MachinePoolSpec is a machine pool's spec.
type MachinePoolSpec struct {
	// Replicas is how many machines the pool keeps.
	Replicas int32 `json:"replicas"`
}
