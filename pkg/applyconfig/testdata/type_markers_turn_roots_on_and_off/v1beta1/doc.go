// Package v1beta1 has roots turned on and off type by type.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=sea.example.com
package v1beta1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "sea.example.com", Version: "v1beta1"}
