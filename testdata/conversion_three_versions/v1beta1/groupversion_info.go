// Package v1beta1 is version v1beta1 of the fleet API.
//
// +groupName=fleet.example.com
package v1beta1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package.
var GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v1beta1"}

// AddToScheme adds the types of this package to a scheme.
func AddToScheme(s *runtime.Scheme) error {
	s.AddKnownTypes(GroupVersion, &Cluster{}, &ClusterList{})
	return nil
}
