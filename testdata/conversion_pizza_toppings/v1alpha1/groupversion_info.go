// Package v1alpha1 is the first version of the pizza API: toppings are a
// list of names, a name repeated for extra portions.
//
// +groupName=pizza.example.com
// +crdgen:conversion:fuzzer=pizzaFuzzerFuncs
package v1alpha1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package.
var GroupVersion = schema.GroupVersion{Group: "pizza.example.com", Version: "v1alpha1"}

// AddToScheme adds the types of this package to a scheme.
func AddToScheme(s *runtime.Scheme) error {
	s.AddKnownTypes(GroupVersion, &Pizza{}, &PizzaList{})
	return nil
}
