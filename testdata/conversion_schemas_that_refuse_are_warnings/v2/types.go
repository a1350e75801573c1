// +groupName=store.example.com
// +crdgen:conversion:style=functions
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
	// +kubebuilder:validation:Enum=low;normal;high;critical
	// +optional
	Priority string `json:"priority,omitempty"`
	// +kubebuilder:validation:Maximum=100
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:MultipleOf=3
	// +optional
	Quantity int32 `json:"quantity,omitempty"`
	// +kubebuilder:validation:MaxLength=16
	// +optional
	Code string `json:"code,omitempty"`
	// +kubebuilder:validation:MaxItems=5
	// +optional
	Tags []string `json:"tags,omitempty"`
	// +optional
	Address Address `json:"address,omitempty"`
	// +kubebuilder:validation:MaxLength=3
	// +nullable
	// +optional
	Note *string `json:"note,omitempty"`
	// +optional
	Gift Gift `json:"gift,omitempty"`
}

// Address is where an order goes.
type Address struct {
	// +kubebuilder:validation:MinLength=1
	City string `json:"city"`
}

// Gift is a gift wrapping.
type Gift struct {
	// +kubebuilder:validation:Enum=red;blue;green
	// +optional
	Paper string `json:"paper,omitempty"`
}
