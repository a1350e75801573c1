package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ThingSpec is a thing's spec.
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min must not exceed max"
type ThingSpec struct {
	// Min is at least 0.
	// +kubebuilder:validation:Minimum=0
	Min int32 `json:"min"`
	// Max is at most 100.
	// +kubebuilder:validation:Maximum=100
	Max int32 `json:"max"`
	// Color defaults to blue.
	// +kubebuilder:default=blue
	// +optional
	Color string `json:"color,omitempty"`
}

// ThingStatus is a thing's status.
type ThingStatus struct {
	// Ready says the thing is ready.
	// +optional
	Ready bool `json:"ready,omitempty"`
}

// Thing is a kind whose suite fails.
// +kubebuilder:subresource:status
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ThingSpec   `json:"spec"`
	Status ThingStatus `json:"status,omitempty"`
}

// ThingList is a list of things.
type ThingList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Thing `json:"items"`
}
