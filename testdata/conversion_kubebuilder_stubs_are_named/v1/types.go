// This case proves that kubebuilder's conversion stubs (create webhook --conversion: a spoke's ConvertTo and ConvertFrom that copy only the metadata, the hub's Hub()) are named once at the stub's ConvertTo with what to do: for a kind left to them, crdgen conversion --adopt; for a kind marked +crdgen:conversion:generate, that controller-runtime calls the stub and not crdgen's functions.
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
	Quantity int32 `json:"quantity,omitempty"`
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
