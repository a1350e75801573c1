package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GadgetSpec is a gadget's spec.
type GadgetSpec struct {
	// Size is small or large.
	// +kubebuilder:validation:Enum=small;large
	Size string `json:"size"`
}

// Gadget is a cluster-scoped kind without subresources.
// +kubebuilder:resource:scope=Cluster
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}

// GadgetList is a list of gadgets.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}
