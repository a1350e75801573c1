// +groupName=store.example.com
// +crdgen:conversion:tests=false
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Order is an order.
type Order struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              OrderSpec `json:"spec,omitempty"`
}

// OrderSpec is an order's spec.
type OrderSpec struct {
	// +optional
	Quantity int32 `json:"quantity,omitempty"`
}

// Parcel is a parcel.
// +crdgen:conversion:generate
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
