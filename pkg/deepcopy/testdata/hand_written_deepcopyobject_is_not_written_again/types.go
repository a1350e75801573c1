// A root type whose DeepCopyObject is written by hand. controller-gen
// v0.23.0 writes a second one beside it, and the package does not compile;
// crdgen writes DeepCopyInto and DeepCopy only.
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +kubebuilder:object:root=true

// Widget has a hand-written DeepCopyObject.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

// DeepCopyObject is written by hand.
func (in *Widget) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// WidgetSpec is the spec.
type WidgetSpec struct {
	Sizes []int `json:"sizes,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList gets every method.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
