package v1

// This case proves embedding two levels deep (With functions reach the
// inner fields through the nearest embedded struct), an embedded pointer,
// an embedded struct with a json name, a field whose json tag has no name,
// types defined over other types (a struct of another package, a list),
// an alias of a string, a type with its own JSON marshaling and a type
// marker, the +default marker, and +genclient:noStatus.

import (
	"encoding/json"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Inner is embedded in Middle.
type Inner struct {
	// depth of the nest.
	Depth int32 `json:"depth,omitempty"`
}

// Middle is embedded in NestSpec and embeds Inner.
type Middle struct {
	Inner `json:",inline"`
	// width of the nest.
	Width int32 `json:"width,omitempty"`
}

// Extra is embedded through a pointer.
type Extra struct {
	// note about the nest.
	Note string `json:"note,omitempty"`
}

// Perch is embedded under a name of its own.
type Perch struct {
	// height of the perch.
	Height int32 `json:"height,omitempty"`
}

// Stamp is defined over a type of another package.
type Stamp metav1.Time

// Twigs is defined over a list, and made a set.
// +listType=set
type Twigs []string

// Material is another name for string.
type Material = string

// Color marshals itself.
// +kubebuilder:validation:Type=string
type Color struct {
	R, G, B uint8
}

// MarshalJSON writes the color as a string.
func (c Color) MarshalJSON() ([]byte, error) { return json.Marshal("#") }

// NestSpec embeds structs.
type NestSpec struct {
	Middle `json:",inline"`
	*Extra `json:",inline"`
	// perch is embedded with a name.
	Perch `json:"perch,omitempty"`
	// Unnamed has a json tag without a name.
	Unnamed string `json:",omitempty"`

	// built is when the nest was built.
	Built *Stamp `json:"built,omitempty"`
	// twigs of the nest.
	Twigs Twigs `json:"twigs,omitempty"`
	// material of the nest.
	// +default="straw"
	Material Material `json:"material,omitempty"`
	// color of the nest.
	Color Color `json:"color,omitempty"`
	// eggs in the nest.
	// +kubebuilder:default=2
	Eggs *int32 `json:"eggs,omitempty"`
}

// NestStatus is left out of the Extract functions by +genclient:noStatus.
type NestStatus struct {
	// hatched eggs.
	Hatched int32 `json:"hatched,omitempty"`
}

// Nest is a kind.
// +genclient:noStatus
// +kubebuilder:object:root=true
// +kubebuilder:resource
type Nest struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   NestSpec   `json:"spec,omitempty"`
	Status NestStatus `json:"status,omitempty"`
}
