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
}

// Broken has mistakes.
type Broken struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BrokenSpec `json:"spec"`
}
