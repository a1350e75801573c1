// This case proves conversion between a list of strings (v1alpha1) and a
// map-keyed list of objects (v1beta1, the hub) through hand-written
// functions, with a webhook named in the CRD.
package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Pizza is a pizza to bake.
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
type Pizza struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PizzaSpec   `json:"spec,omitempty"`
	Status PizzaStatus `json:"status,omitempty"`
}

// PizzaSpec is what goes on the pizza.
type PizzaSpec struct {
	// Toppings are the toppings, each once, with how many portions.
	// +listType=map
	// +listMapKey=name
	// +optional
	Toppings []Topping `json:"toppings,omitempty"`
}

// Topping is one topping and its portions.
type Topping struct {
	Name string `json:"name"`
	// +kubebuilder:validation:Minimum=1
	Quantity int32 `json:"quantity"`
}

// PizzaStatus is how the baking goes.
type PizzaStatus struct {
	// Cost is the price in cents.
	// +optional
	Cost int64 `json:"cost,omitempty"`
}

// PizzaList is a list of pizzas.
type PizzaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Pizza `json:"items"`
}
