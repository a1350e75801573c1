package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// DialSpec is a dial's spec.
type DialSpec struct {
	// Level is at most 11.
	// +kubebuilder:validation:Maximum=11
	Level int32 `json:"level"`
}

// Dial is a kind with malformed suites.
type Dial struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DialSpec `json:"spec"`
}

// DialList is a list of dials.
type DialList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Dial `json:"items"`
}
