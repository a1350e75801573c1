// Types of every shape, whose generated DeepCopy the package's own test
// (roundtrip_test.go, run by TestCopiesShareNoMemory with the generated
// file in place) fills at random, copies, and changes the copy of
// everywhere: the original must stay as it was. The file differs from
// controller-gen's where pointers_and_interfaces_with_hand_written_deepcopy
// says (Shapes, Times and Qtys would not compile, Shape would panic).
// +kubebuilder:object:generate=true
// +groupName=roundtrip.example.com
package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// +kubebuilder:object:root=true

// Widget is a root object.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// Names is a named slice.
type Names []string

// Labels is a named map.
type Labels map[string]string

// Tree is a named map of named slices.
type Tree map[string]Names

// Leaf is a plain struct.
type Leaf struct {
	Name  string
	Count int
}

// Node holds references.
type Node struct {
	Leaves   []Leaf
	Children map[string]*Leaf
	Next     *Node
	Tags     Names
	hidden   []int
}

// Shape is an interface whose DeepCopy returns itself.
// +kubebuilder:object:generate=false
type Shape interface {
	DeepCopy() Shape
}

// Square is a Shape.
// +kubebuilder:object:generate=false
type Square struct {
	Sides []int
}

// DeepCopy copies the square.
func (s *Square) DeepCopy() Shape {
	if s == nil {
		return (*Square)(nil)
	}
	return &Square{Sides: append([]int(nil), s.Sides...)}
}

// WidgetSpec has a field of every shape.
type WidgetSpec struct {
	Leaf
	*Node
	Name       string
	Ptr        *int
	PtrPtr     **string
	NamesPtr   *Names
	LabelsPtr  *Labels
	Slices     [][]string
	Maps       []map[string]int
	Ptrs       []*Leaf
	Nodes      []Node
	Names      Names
	Labels     Labels
	Tree       Tree
	TreePtr    *Tree
	MapSlices  map[string][]string
	MapMaps    map[string]map[string]string
	MapPtrs    map[string]*Node
	MapNodes   map[string]Node
	Shape      Shape
	ShapeMap   map[string]Shape
	Shapes     []Shape
	Bytes      []byte
	unexported map[string][]int
}

// WidgetStatus has the fields of types from other packages.
type WidgetStatus struct {
	Time        metav1.Time
	TimePtr     *metav1.Time
	Times       []*metav1.Time
	TimeMap     map[string]metav1.Time
	Quantity    resource.Quantity
	QtyPtr      *resource.Quantity
	Qtys        []*resource.Quantity
	QtyMap      map[string]resource.Quantity
	Resources   corev1.ResourceList
	Requests    corev1.ResourceRequirements
	Conditions  []metav1.Condition
	Port        intstr.IntOrString
	PortPtr     *intstr.IntOrString
	Raw         runtime.RawExtension
	Raws        []runtime.RawExtension
	Selector    *metav1.LabelSelector
	Containers  []corev1.Container
	Tolerations []corev1.Toleration
}
