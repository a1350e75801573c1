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
	// Note is in v1 too: the drop loses nothing.
	// +crdgen:conversion:drop
	// +optional
	Note string `json:"note,omitempty"`
	// Legacy is not in v1: the drop loses it.
	// +crdgen:conversion:drop
	// +optional
	Legacy string `json:"legacy,omitempty"`
	// Wrap converts by hand: WrapV2 is not v1's Wrap.
	// +optional
	Wrap WrapV2 `json:"wrap,omitempty"`
}

// WrapV2 is a wrapping.
type WrapV2 struct {
	// +optional
	Paper string `json:"paper,omitempty"`
	// Ribbon is in a type no generated conversion reaches.
	// +crdgen:conversion:drop
	// +optional
	Ribbon string `json:"ribbon,omitempty"`
}

// Parcel is a parcel.
type Parcel struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ParcelSpec `json:"spec,omitempty"`
}

// ParcelSpec is a parcel's spec.
type ParcelSpec struct {
	// +optional
	Weight int32 `json:"weight,omitempty"`
	// Label is lost by the hand-written ConvertTo, not by the marker.
	// +crdgen:conversion:drop
	// +optional
	Label string `json:"label,omitempty"`
}
