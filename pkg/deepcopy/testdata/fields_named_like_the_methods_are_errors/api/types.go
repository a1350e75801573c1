// Package api has structs whose fields are named like the methods
// DeepCopy code needs: a type cannot have both, so each is an error at
// the field, and the type gets no methods.
// +kubebuilder:object:generate=true
package api

// Named has a field DeepCopy.
type Named struct {
	DeepCopy bool `json:"deepCopy"`
	Name     string
}

// Into has a field DeepCopyInto.
type Into struct {
	DeepCopyInto []string `json:"into"`
}

// Object is a root object with a field DeepCopyObject.
// +kubebuilder:object:root=true
type Object struct {
	DeepCopyObject string `json:"object"`
}

// NotRoot may have a field DeepCopyObject: it gets no such method.
type NotRoot struct {
	DeepCopyObject string `json:"object"`
	Tags           []string
}

// Promoted embeds a struct with a field DeepCopy: the method shadows the
// promoted field, which Go allows.
type Promoted struct {
	Inner `json:",inline"`
}

// Inner is embedded in Promoted.
// +kubebuilder:object:generate=false
type Inner struct {
	DeepCopy bool
}
