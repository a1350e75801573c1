// Conditions are expressions over gates: A|B (either), A&B (both), !A, parentheses, in every marker and span that takes one.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GadgetSpec is a gadget's spec.
type GadgetSpec struct {
	// Either exists where A or B is on.
	// +crdgen:featureGate=A|B
	// +optional
	Either string `json:"either,omitempty"`
	// Both exists where A and B are on.
	// +crdgen:featureGate=A&B
	// +optional
	Both string `json:"both,omitempty"`
	// OnlyA exists where A is on and B is not.
	// +crdgen:featureGate=A&!B
	// +optional
	OnlyA string `json:"onlyA,omitempty"`
	// Size is at most 10, 20 where exactly one of A and B is on.
	// <crdgen:when=(A|B)&!(A&B)>
	// Exactly one of A and B is on here.
	// </crdgen:when>
	// +kubebuilder:validation:Maximum=10
	// +crdgen:when:(A|B)&!(A&B):kubebuilder:validation:Maximum=20
	// +optional
	Size int32 `json:"size,omitempty"`
}

// Gadget is a kind.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec,omitempty"`
}
