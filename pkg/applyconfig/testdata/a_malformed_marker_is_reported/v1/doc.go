// Package v1 has a marker whose argument does not parse.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=bad.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "bad.example.com", Version: "v1"}
