// Fields and types DeepCopy cannot copy: an interface without DeepCopy,
// a function, a channel, an array, and references to them. Each is an
// error at its field. controller-gen v0.23.0 reports the first such field
// of a struct and drops every field after it without a word (its copy is
// then shallow); crdgen reports each one and copies the other fields. A
// type that is an interface, an array or a function is an error at the
// type and gets no methods (controller-gen writes methods for it that copy
// nothing, or that do not compile).
// +kubebuilder:object:generate=true
package v1

import "k8s.io/apimachinery/pkg/runtime"

// Shape is an interface without DeepCopy.
type Shape interface {
	Area() float64
}

// Grid is an array type.
type Grid [3]int

// Handler is a function type.
type Handler func(string) error

// GoodPtr is a named pointer type: Go gives it no methods, so that what
// it points to cannot be copied by its DeepCopyInto (controller-gen calls
// it, and the package does not compile).
type GoodPtr *Good

// Good is copied.
type Good struct {
	Items []string
}

// Mixed has a bad field between good ones.
type Mixed struct {
	Before   []string
	Object   runtime.Object
	Any      interface{}
	Shape    Shape
	Func     func()
	Chan     chan int
	Array    [2]string
	AnyMap   map[string]interface{}
	AnyList  []any
	Arrays   [][2]int
	ArrayPtr *[2]int
	Grid     Grid
	GoodPtr  GoodPtr
	After    []string
	AfterPtr *Good
}
