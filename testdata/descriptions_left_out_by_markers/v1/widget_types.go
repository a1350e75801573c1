// This case proves that +kubebuilder:skip:description and +crdgen:descriptions=false leave descriptions out on a field (its whole subtree), a type (wherever it is used; a field keeps its own doc) and a package (all its types), and that +crdgen:descriptions=true brings them back below.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/testdata/descriptions_left_out_by_markers/shared"
)

// WidgetSpec is the spec.
type WidgetSpec struct {
	// Plain keeps its description.
	Plain string `json:"plain"`

	// Quiet loses this description and every one below it.
	// +kubebuilder:skip:description
	Quiet Detail `json:"quiet"`

	// QuietToo is the same, in crdgen's words.
	// +crdgen:descriptions=false
	QuietToo Detail `json:"quietToo"`

	// Loud keeps its own doc; what its type Hushed describes is left out.
	Loud Hushed `json:"loud"`

	// List keeps its doc; its items, of type Hushed, lose theirs.
	// +optional
	List []Hushed `json:"list,omitempty"`

	// +optional
	NoDoc *Hushed `json:"noDoc,omitempty"`

	// Remote is of a type whose package is marked.
	Remote shared.Endpoint `json:"remote"`

	// Back is of type Hushed, but says to keep descriptions.
	// +crdgen:descriptions=true
	// +optional
	Back *Hushed `json:"back,omitempty"`
}

// Detail is described.
type Detail struct {
	// Name is described.
	Name string `json:"name"`
	// Inner is described too.
	Inner Inner `json:"inner"`
}

// Inner is the innermost type.
type Inner struct {
	// Value is a value.
	Value string `json:"value"`
}

// Hushed says nothing of itself where it is used.
// +crdgen:descriptions=false
type Hushed struct {
	// Level is not described.
	Level int32 `json:"level"`
	// Kept brings descriptions back inside a hushed type.
	// +crdgen:descriptions=true
	Kept Detail `json:"kept"`
}

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}
