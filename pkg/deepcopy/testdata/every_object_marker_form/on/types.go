// Every form of the object markers, and which types get methods: a
// package turned on with +kubebuilder:object:generate=true, whose types
// turn themselves off with the marker or with deepcopy-gen's
// +k8s:deepcopy-gen (anything but "true" turns a type off), and become
// runtime.Objects with +k8s:deepcopy-gen:interfaces (runtime.Object only).
// Unexported types, basic types and aliases get nothing.
// +kubebuilder:object:generate=true
package on

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// A gets methods: the package is on.
type A struct{ Items []string }

// B is turned off.
// +kubebuilder:object:generate=false
type B struct{ Items []string }

// C is turned off with deepcopy-gen's tag.
// +k8s:deepcopy-gen=false
type C struct{ Items []string }

// D is turned off: on a type, only "true" turns deepcopy-gen's tag on.
// +k8s:deepcopy-gen=package
type D struct{ Items []string }

// E is on: the object marker wins over deepcopy-gen's tag.
// +kubebuilder:object:generate=true
// +k8s:deepcopy-gen=false
type E struct{ Items []string }

// F is a runtime.Object by deepcopy-gen's tag.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type F struct {
	metav1.TypeMeta
	Items []string
}

// G names another interface, which has no effect.
// +k8s:deepcopy-gen:interfaces=example.com/api.Other
type G struct{ Items []string }

// H is not a runtime.Object: the object marker wins over the tag.
// +kubebuilder:object:root=false
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type H struct{ Items []string }

// I carries a tag controller-gen does not know, which changes nothing.
// +k8s:deepcopy-gen:nonpointer-interfaces=true
type I struct{ Items []string }

type lower struct{ Items []string }

// Name is a string: nothing to copy.
type Name string

// AliasA is an alias: it has A's methods.
type AliasA = A
