// This file proves that CEL rules run on the API server: on objects, on list items, with messageExpression, reason and fieldPath, and on transitions.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// RuledSpec carries CEL rules on itself and on its fields.
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min must not exceed max"
// +kubebuilder:validation:XValidation:rule="self.tier != 'Free' || !has(self.replicas) || self.replicas <= 1",messageExpression="'tier ' + self.tier + ' allows at most one replica'",reason=FieldValueForbidden,fieldPath=".replicas"
type RuledSpec struct {
	// Min is the lower bound.
	Min int32 `json:"min"`
	// Max is the upper bound.
	Max int32 `json:"max"`
	// Tier limits the replicas.
	// +kubebuilder:validation:Enum=Free;Pro
	// +kubebuilder:validation:MaxLength=8
	Tier string `json:"tier"`
	// Replicas wanted.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Headers each start with "x-".
	// +kubebuilder:validation:MaxItems=16
	// +kubebuilder:validation:items:MaxLength=64
	// +kubebuilder:validation:items:XValidation:rule="self.startsWith('x-')",message="header must start with x-"
	// +optional
	Headers []string `json:"headers,omitempty"`
	// Revision may grow but never shrink.
	// +kubebuilder:validation:XValidation:rule="self >= oldSelf",message="revision must not decrease"
	// +optional
	Revision int64 `json:"revision,omitempty"`
	// Class cannot change once set.
	// +k8s:immutable
	// +kubebuilder:validation:MaxLength=16
	// +optional
	Class string `json:"class,omitempty"`
}

// Ruled is a kind validated by CEL rules.
type Ruled struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RuledSpec `json:"spec"`
}
