package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Pizza is a pizza to bake.
// +kubebuilder:subresource:status
type Pizza struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PizzaSpec   `json:"spec,omitempty"`
	Status PizzaStatus `json:"status,omitempty"`
}

// PizzaSpec is what goes on the pizza.
type PizzaSpec struct {
	// Toppings are topping names; a name given twice is a double portion.
	// +optional
	Toppings []string `json:"toppings,omitempty"`
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
