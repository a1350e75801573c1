// This case proves that a +crdgen:conversion:drop that loses nothing is a warning at the marker that says why: the storage version has the field too, no generated conversion reaches the field's type (a hand-written function converts the field that holds it), or the kind converts by hand-written ConvertTo and ConvertFrom; a drop of a field the storage version lacks says nothing.
//
// +groupName=store.example.com
// +crdgen:conversion:tests=false
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Order is an order.
// +kubebuilder:storageversion
type Order struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              OrderSpec `json:"spec,omitempty"`
}

// OrderSpec is an order's spec.
type OrderSpec struct {
	// +optional
	Note string `json:"note,omitempty"`
	// +optional
	Wrap Wrap `json:"wrap,omitempty"`
}

// Wrap is a wrapping.
type Wrap struct {
	// +optional
	Paper string `json:"paper,omitempty"`
}

// Parcel is a parcel.
// +kubebuilder:storageversion
type Parcel struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ParcelSpec `json:"spec,omitempty"`
}

// ParcelSpec is a parcel's spec.
type ParcelSpec struct {
	// +optional
	Weight int32 `json:"weight,omitempty"`
}

// Hub marks v1 as the hub of Parcel.
func (*Parcel) Hub() {}
