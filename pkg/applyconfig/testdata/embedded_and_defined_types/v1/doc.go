// Package v1 embeds structs in structs and defines types over others.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=nest.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "nest.example.com", Version: "v1"}
