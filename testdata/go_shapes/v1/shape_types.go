// This case proves how every Go shape maps to a schema: embedding, pointers, arrays, unsigned integers, maps, aliases, generics, marshalers and json tags.
package v1

import (
	"encoding/json"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/testdata/go_shapes/common"
)

// Base is embedded inline.
type Base struct {
	// Owner of the shape.
	Owner string `json:"owner"`
	// Notes about the shape.
	// +optional
	Notes string `json:"notes,omitempty"`
}

// Color is an enum type.
// +kubebuilder:validation:Enum=red;green;blue
type Color string

// Tier is an alias; its markers apply where it is used (controller-gen drops them).
// +kubebuilder:validation:MaxLength=10
type Tier = string

// Pair is a generic type.
type Pair[T any] struct {
	// Key of the pair.
	Key string `json:"key"`
	// Value of the pair.
	Value T `json:"value"`
}

// Version writes itself as a string.
type Version struct{ major, minor int }

// MarshalText writes major.minor.
func (v Version) MarshalText() ([]byte, error) { return nil, nil }

// Settings writes itself as JSON; its marker says which type.
// +kubebuilder:validation:Type=object
// +kubebuilder:pruning:PreserveUnknownFields
type Settings struct{ raw map[string]any }

// MarshalJSON writes the raw settings.
func (s Settings) MarshalJSON() ([]byte, error) { return json.Marshal(s.raw) }

// ShapeSpec has one field per shape.
type ShapeSpec struct {
	Base `json:",inline"`

	// Ref is a struct from another package.
	Ref common.Reference `json:"ref"`
	// Level is a named string from another package, with its type's enum.
	// +optional
	Level common.Level `json:"level,omitempty"`
	// Color is a named string with an enum.
	// +optional
	Color Color `json:"color,omitempty"`
	// Colors is a list of a named type.
	// +optional
	Colors []Color `json:"colors,omitempty"`
	// Tier uses an alias.
	// +optional
	Tier Tier `json:"tier,omitempty"`
	// Pointer to a struct.
	// +optional
	Parent *common.Reference `json:"parent,omitempty"`
	// Triple is a fixed-size array.
	// +optional
	Triple [3]int32 `json:"triple,omitempty"`
	// Small is a uint8 (an integer, not bytes).
	// +optional
	Small uint8 `json:"small,omitempty"`
	// Big is a uint64.
	// +optional
	Big uint64 `json:"big,omitempty"`
	// Count is an int.
	// +optional
	Count int `json:"count,omitempty"`
	// Matrix is a list of lists.
	// +optional
	Matrix [][]string `json:"matrix,omitempty"`
	// ByColor is a map keyed by a named string type.
	// +optional
	ByColor map[Color]int32 `json:"byColor,omitempty"`
	// ByVersion is a map keyed by a text marshaler.
	// +optional
	ByVersion map[Version]string `json:"byVersion,omitempty"`
	// Nested is a map of lists.
	// +optional
	Nested map[string][]string `json:"nested,omitempty"`
	// Pairs are generic.
	// +optional
	Pairs []Pair[int64] `json:"pairs,omitempty"`
	// Version is a text marshaler: a string.
	// +optional
	Version *Version `json:"version,omitempty"`
	// Settings is a JSON marshaler with a Type marker.
	// +optional
	Settings *Settings `json:"settings,omitempty"`
	// Inline is an anonymous struct.
	// +optional
	Inline struct {
		// Flag inside an anonymous struct.
		Flag bool `json:"flag"`
	} `json:"inline,omitzero"`
	// Zero uses omitzero, so it is optional.
	Zero int32 `json:"zero,omitzero"`
	// NoName has a json tag without a name: encoding/json calls it NoName.
	// +optional
	NoName string `json:",omitempty"`
	// Skipped is never serialized.
	Skipped string `json:"-"`
	// Dash is serialized under the name "-".
	// +optional
	Dash string `json:"-,omitempty"`
	// unexported fields are not serialized.
	unexported string
}

// Shape shows Go shapes.
type Shape struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ShapeSpec `json:"spec"`
}
