// This case proves that an alias is described by the type it stands for, as controller-gen describes it (an alias's own doc comment is not used), while the alias's markers still apply (controller-gen drops them: a deliberate difference).
//
// +groupName=alias.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/testdata/aliases_are_described_by_their_target/shared"
)

// Ref is the local name of shared.Ref; this comment describes nothing.
type Ref = shared.Ref

// Mode is the local name of shared.Mode, with a bound of its own.
// +kubebuilder:validation:MaxLength=4
type Mode = shared.Mode

// Label is an alias of a basic type.
type Label = string

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// +optional
	Ref Refs `json:"refs,omitempty"`
	// +optional
	Owner Ref `json:"owner,omitempty"`
	// The field's own doc wins over every type's.
	// +optional
	Parent *Ref `json:"parent,omitempty"`
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// +optional
	Label Label `json:"label,omitempty"`
}

// Refs is a list of references.
type Refs []Ref

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
