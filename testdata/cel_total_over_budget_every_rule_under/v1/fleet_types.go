// This case proves that the per-schema total is checked as the API server checks it: every rule is under 10,000,000 but together they exceed 100,000,000.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Token is a long string with two rules; each use of the type carries both.
// +kubebuilder:validation:MaxLength=2000
// +kubebuilder:validation:XValidation:rule="self.contains('ok')"
// +kubebuilder:validation:XValidation:rule="!self.contains('bad')"
type Token string

// Ship is one of many; each of its seven tokens runs two rules.
type Ship struct {
	A Token `json:"a"`
	B Token `json:"b"`
	C Token `json:"c"`
	D Token `json:"d"`
	E Token `json:"e"`
	F Token `json:"f"`
	G Token `json:"g"`
}

// FleetSpec holds many ships.
type FleetSpec struct {
	// Ships of the fleet.
	// +kubebuilder:validation:MaxItems=10000
	// +listType=atomic
	Ships []Ship `json:"ships"`
}

// Fleet is a kind.
type Fleet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FleetSpec `json:"spec"`
}
