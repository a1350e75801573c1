// Package v1 holds the fleet API: a namespaced kind with a spec and a
// status, as kubebuilder scaffolds it.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=fleet.example.com
package v1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var (
	// SchemeGroupVersion is the group and version of these types.
	SchemeGroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v1"}
	// GroupVersion is kubebuilder's name for SchemeGroupVersion.
	GroupVersion = SchemeGroupVersion
)
