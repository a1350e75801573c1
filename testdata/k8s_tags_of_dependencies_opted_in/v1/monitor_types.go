// This case and k8s_tags_of_dependencies_opted_in (the same types, with
// declarativeValidation.dependencies: stable in crdgen.yaml) prove that
// the +k8s: tags controller-gen v0.23.0 does not read apply in a
// dependency's types (core/v1's VolumeHealthCondition carries
// +k8s:maxBytes on reason and message) only with --k8s-dependencies
// (declarativeValidation.dependencies in crdgen.yaml), and always in the
// project's own types. The list is bounded: a CEL rule in the items of an
// unbounded list is over the API server's cost budget.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MonitorStatus is the status of a Monitor.
type MonitorStatus struct {
	// Conditions are the volume's adverse conditions.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=16
	Conditions []corev1.VolumeHealthCondition `json:"conditions,omitempty"`
	// Summary is the project's own, and its tag always applies.
	// +optional
	// +k8s:maxBytes=64
	Summary string `json:"summary,omitempty"`
}

// Monitor is the Schema for the monitors API.
// +kubebuilder:subresource:status
type Monitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status MonitorStatus `json:"status,omitempty"`
}
