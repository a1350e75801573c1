// This case proves that a converted field whose values one version's schema accepts and the other's refuses is a warning at the spoke's field, each keyword named, both ways, and that a hand-written function for the direction silences it.
//
// +groupName=store.example.com
// +crdgen:conversion:style=functions
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
	// +kubebuilder:validation:Enum=low;normal;high
	// +optional
	Priority string `json:"priority,omitempty"`
	// +kubebuilder:validation:Maximum=10
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:MultipleOf=2
	// +optional
	Quantity int32 `json:"quantity,omitempty"`
	// +kubebuilder:validation:Pattern=`^[A-Z]+$`
	// +kubebuilder:validation:MaxLength=8
	// +kubebuilder:validation:Format=hostname
	Code string `json:"code"`
	// +kubebuilder:validation:MaxItems=3
	// +listType=set
	// +kubebuilder:validation:items:MinLength=2
	// +optional
	Tags []string `json:"tags,omitempty"`
	// +optional
	Address Address `json:"address,omitempty"`
	// +optional
	Note string `json:"note,omitempty"`
	// +optional
	Gift Gift `json:"gift,omitempty"`
}

// Address is where an order goes.
type Address struct {
	// +kubebuilder:validation:MinLength=5
	City string `json:"city"`
}

// Gift is a gift wrapping; v2's hand-written conversion maps it.
type Gift struct {
	// +kubebuilder:validation:Enum=red;blue
	// +optional
	Paper string `json:"paper,omitempty"`
}
