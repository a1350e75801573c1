// Pointers and interfaces whose types have hand-written DeepCopy methods,
// where controller-gen v0.23.0's code does not compile or panics:
//   - a slice of pointers to such types ([]*metav1.Time,
//     []*resource.Quantity, []*Local) or of such interfaces ([]Shape):
//     controller-gen calls (*in)[i].DeepCopyInto(&(*out)[i]), which does not
//     compile; crdgen copies each element as any other pointer, or with the
//     interface's DeepCopy;
//   - an interface field, and a map value that is an interface or a pointer
//     to a type whose DeepCopy takes the value (*resource.Quantity):
//     controller-gen calls DeepCopy on nil too, and copying a zero value (or
//     a nil entry) panics; crdgen checks for nil first.
//
// The other fields are copied as controller-gen copies them.
// +kubebuilder:object:generate=true
package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Local has a hand-written DeepCopyInto.
type Local struct {
	Items []string
}

// DeepCopyInto copies by hand.
func (in *Local) DeepCopyInto(out *Local) {
	*out = *in
	out.Items = append([]string(nil), in.Items...)
}

// Shape is an interface whose DeepCopy returns itself.
// +kubebuilder:object:generate=false
type Shape interface {
	Area() float64
	DeepCopy() Shape
}

// Lists holds the slices controller-gen gets wrong.
type Lists struct {
	Times      []*metav1.Time
	Quantities []*resource.Quantity
	Locals     []*Local
	Shapes     []Shape

	// Right in controller-gen too.
	// nil checks
	Shape     Shape
	ShapeMap  map[string]Shape
	QtyPtrMap map[string]*resource.Quantity

	// right in controller-gen too
	TimeValues []metav1.Time
	Local      *Local
	TimePtrMap map[string]*metav1.Time
	QtyMap     map[string]resource.Quantity
}
