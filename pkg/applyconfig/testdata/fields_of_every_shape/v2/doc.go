// Package v2 holds a kind whose spec has fields of every shape.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=cargo.example.com
package v2

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "cargo.example.com", Version: "v2"}
