// A package turned off with +kubebuilder:object:generate=false: only the
// types that turn themselves on, or are root objects, get methods.
// +kubebuilder:object:generate=false
package off

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// A is off, as the package is.
type A struct{ Items []string }

// B turns itself on.
// +kubebuilder:object:generate=true
type B struct{ Items []string }

// C is a root object.
// +kubebuilder:object:root=true
type C struct {
	metav1.TypeMeta
	Items []string
}

// D turns itself on with deepcopy-gen's tag.
// +k8s:deepcopy-gen=true
type D struct{ Items []string }

// E is a runtime.Object by deepcopy-gen's tag.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type E struct {
	metav1.TypeMeta
	Items []string
}

// F is a root object turned off.
// +kubebuilder:object:root=true
// +kubebuilder:object:generate=false
type F struct {
	metav1.TypeMeta
	Items []string
}
