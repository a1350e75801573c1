package v1

// This case proves a marker that does not parse is reported at the marker
// (and nothing is written). controller-gen skips the whole package without
// a word and exits 0.

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GadgetSpec describes a gadget.
type GadgetSpec struct {
	// name of the gadget.
	// +kubebuilder:validation:MaxLength=abc
	Name string `json:"name,omitempty"`
}

// Gadget is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:resource
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec,omitempty"`
}
