// Package v1 declares kubebuilder's GroupVersion but no SchemeGroupVersion.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=old.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group and version of these types.
var GroupVersion = schema.GroupVersion{Group: "old.example.com", Version: "v1"}
