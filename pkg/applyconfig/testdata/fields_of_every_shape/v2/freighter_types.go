package v2

// This case proves how each shape of field is written: maps, slices,
// pointers, named map, slice and string types, slices of structs with
// apply configurations (and pointers to them), embedded structs, the
// well-known types of apimachinery, and the markers the internal schema
// reads (list and map types, defaults, formats, unknown fields).

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Mode is how cargo is loaded.
// +kubebuilder:validation:Enum=Bulk;Container
type Mode string

// Tags label cargo.
type Tags map[string]string

// Holds are several holds.
// +listType=atomic
type Holds []Hold

// Hold is a cargo hold.
// +structType=atomic
type Hold struct {
	// name of the hold.
	Name string `json:"name"`
	// capacity in tons.
	Capacity *resource.Quantity `json:"capacity,omitempty"`
}

// HoldAlias is another name for Hold.
type HoldAlias = Hold

// SpareHold is declared over Hold.
type SpareHold Hold

// Common fields every vessel has.
type Common struct {
	// flag the vessel flies.
	Flag string `json:"flag,omitempty"`
	// crew size.
	// +kubebuilder:default=3
	Crew *int32 `json:"crew,omitempty"`
}

// FreighterSpec has fields of every shape.
type FreighterSpec struct {
	Common `json:",inline"`

	// mode of loading.
	// +kubebuilder:default=Bulk
	Mode Mode `json:"mode,omitempty"`
	// labels of the freighter.
	Labels map[string]string `json:"labels,omitempty"`
	// weights by hold.
	Weights map[string]int64 `json:"weights,omitempty"`
	// holdsByName maps names to holds.
	HoldsByName map[string]Hold `json:"holdsByName,omitempty"`
	// tags is a named map type.
	// +mapType=atomic
	Tags Tags `json:"tags,omitempty"`
	// routes maps to lists.
	Routes map[string][]string `json:"routes,omitempty"`
	// ports is a list of strings.
	Ports []string `json:"ports,omitempty"`
	// holds is a list of structs.
	// +listType=map
	// +listMapKey=name
	Holds []Hold `json:"holds,omitempty"`
	// spareHolds is a list of pointers.
	SpareHolds []*Hold `json:"spareHolds,omitempty"`
	// namedHolds is a named list type.
	NamedHolds Holds `json:"namedHolds,omitempty"`
	// optionalHolds is a pointer to a list.
	OptionalHolds *[]Hold `json:"optionalHolds,omitempty"`
	// optionalPorts is a pointer to a list of strings.
	OptionalPorts *[]string `json:"optionalPorts,omitempty"`
	// manifest is raw bytes.
	Manifest []byte `json:"manifest,omitempty"`
	// grid is a list of lists.
	Grid [][]string `json:"grid,omitempty"`
	// speed is a pointer to a number.
	Speed *int32 `json:"speed,omitempty"`
	// draft in meters.
	Draft float64 `json:"draft,omitempty"`
	// insured says whether the cargo is insured.
	Insured *bool `json:"insured,omitempty"`
	// main is a pointer to a struct.
	Main *Hold `json:"main,omitempty"`
	// aliased is declared with an alias.
	Aliased HoldAlias `json:"aliased,omitempty"`
	// spare is declared over Hold.
	Spare SpareHold `json:"spare,omitempty"`
	// departed is a time.
	Departed metav1.Time `json:"departed,omitempty"`
	// eta is a pointer to a time.
	ETA *metav1.Time `json:"eta,omitempty"`
	// voyage is a duration.
	Voyage *metav1.Duration `json:"voyage,omitempty"`
	// port is a number or a name.
	Port intstr.IntOrString `json:"port,omitempty"`
	// selector picks the crew.
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// extra is kept as it is.
	// +kubebuilder:pruning:PreserveUnknownFields
	Extra runtime.RawExtension `json:"extra,omitempty"`
	// notes are free JSON.
	Notes *apiextensionsv1.JSON `json:"notes,omitempty"`
	// inspected is a date-time string.
	// +kubebuilder:validation:Format=date-time
	Inspected string `json:"inspected,omitempty"`
	// Internal is not serialized.
	Internal string `json:"-"`
	// hidden is unexported.
	hidden string
}

// Freighter carries cargo.
// +kubebuilder:object:root=true
// +kubebuilder:resource
type Freighter struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FreighterSpec `json:"spec,omitempty"`
}

// FreighterList lists freighters.
// +kubebuilder:object:root=true
type FreighterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Freighter `json:"items"`
}
