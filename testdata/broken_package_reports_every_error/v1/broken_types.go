// This case proves that crdgen reports every mistake at once, at its Go position, and writes nothing.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Node is part of a recursive tree.
type Node struct {
	// Children of the node.
	// +optional
	Children []Node `json:"children,omitempty"`
}

// Port is an item of a map list.
type Port struct {
	// Name of the port.
	Name string `json:"name"`
	// Protocol of the port.
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

// Limits must be coherent; its rule does not compile.
// +kubebuilder:validation:XValidation:rule="self.low < self.hgih",message="low below high"
type Limits struct {
	// Low end.
	Low int32 `json:"low"`
	// High end.
	High int32 `json:"high"`
}

// BrokenSpec has one mistake per field.
type BrokenSpec struct {
	// Typo in a marker name.
	// +kubebuilder:validation:Minimun=1
	Count int32 `json:"count"`

	// A number where the marker wants an integer.
	// +kubebuilder:validation:MaxLength=ten
	Name string `json:"name"`

	// A default that its own pattern rejects.
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	// +kubebuilder:default="ABC"
	// +optional
	Code string `json:"code,omitempty"`

	// A map-list key that names no field.
	// +listType=map
	// +listMapKey=nmae
	// +optional
	Ports []Port `json:"ports,omitempty"`

	// A recursive type.
	// +optional
	Tree *Node `json:"tree,omitempty"`

	// An interface, which has no schema.
	// +optional
	Anything interface{} `json:"anything,omitempty"`

	// A bound on the wrong type.
	// +kubebuilder:validation:Maximum=3
	// +optional
	Label string `json:"label,omitempty"`

	// A marker on the wrong target.
	// +kubebuilder:subresource:status
	// +optional
	Phase string `json:"phase,omitempty"`

	// A default whose braces are not closed.
	// +kubebuilder:default={a: 1
	// +optional
	Settings map[string]int32 `json:"settings,omitempty"`

	// A default outside its enum.
	// +kubebuilder:validation:Enum=fast;slow
	// +kubebuilder:default=medium
	// +optional
	Speed string `json:"speed,omitempty"`

	// A rule that does not compile.
	// +kubebuilder:validation:XValidation:rule="self.size() >",message="not empty"
	// +optional
	Motto string `json:"motto,omitempty"`

	// Limits carries a rule that does not compile.
	// +optional
	Limits *Limits `json:"limits,omitempty"`

	// A map-list key on an optional field without a default.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +optional
	Endpoints []Port `json:"endpoints,omitempty"`

	// A map list of strings, which have no fields to key on.
	// +listType=map
	// +optional
	Aliases []string `json:"aliases,omitempty"`

	// A map of interface values.
	// +optional
	Extra map[string]interface{} `json:"extra,omitempty"`
}

// Broken has mistakes.
type Broken struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BrokenSpec `json:"spec"`
}
