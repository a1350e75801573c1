// Package v1beta1 is the storage version of the pizza API from "Programming
// Kubernetes": toppings are a list of {name, quantity}.
//
// +groupName=pizza.example.com
// +crdgen:conversion:webhook:service=pizza-system/pizza-webhook
package v1beta1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package.
var GroupVersion = schema.GroupVersion{Group: "pizza.example.com", Version: "v1beta1"}

// AddToScheme adds the types of this package to a scheme.
func AddToScheme(s *runtime.Scheme) error {
	s.AddKnownTypes(GroupVersion, &Pizza{}, &PizzaList{})
	return nil
}
