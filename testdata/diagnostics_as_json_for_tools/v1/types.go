// This case proves --format json: every diagnostic as an object with its
// file, line, column, severity, stable code and message.
//
// +groupName=tools.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget is a gadget.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec `json:"spec,omitempty"`
}

// GadgetSpec is a gadget's spec.
// +optional
type GadgetSpec struct {
	// +kubebuilder:validation:Maxmum=3
	Count int32 `json:"count"`
	// +kubebuilder:validation:Maximum=3
	Name string `json:"name"`
	// +kubebuilder:default=a
	// +kubebuilder:default=b
	Other string `json:"other"`
}
