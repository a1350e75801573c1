package v1

// This case proves the external apply configurations (externals.txt):
// a field of a listed type of another package takes that package's apply
// configuration, a list of them takes pointers to them, and a type not
// listed is used as it is.

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RunnerSpec uses core types.
type RunnerSpec struct {
	// pullSecret names a secret.
	PullSecret *corev1.LocalObjectReference `json:"pullSecret,omitempty"`
	// extraSecrets name more secrets.
	ExtraSecrets []corev1.LocalObjectReference `json:"extraSecrets,omitempty"`
	// resources of the runner (no apply configuration listed).
	Resources corev1.ResourceRequirements `json:"resources,omitempty"`
	// policy is a plain string type of another package.
	Policy corev1.PullPolicy `json:"policy,omitempty"`
}

// Runner runs jobs.
// +kubebuilder:object:root=true
// +kubebuilder:resource
type Runner struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RunnerSpec `json:"spec,omitempty"`
}

// RunnerList lists runners.
// +kubebuilder:object:root=true
type RunnerList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Runner `json:"items"`
}
