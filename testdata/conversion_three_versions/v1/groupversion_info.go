// Package v1 is version v1 of the fleet API.
//
// +groupName=fleet.example.com
// +crdgen:conversion:style=functions
// +crdgen:conversion:webhook:service=fleet-system/fleet-webhook,path=/convert/fleet,port=9443
package v1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package.
var GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v1"}

// AddToScheme adds the types of this package to a scheme.
func AddToScheme(s *runtime.Scheme) error {
	s.AddKnownTypes(GroupVersion, &Cluster{}, &ClusterList{})
	return nil
}
