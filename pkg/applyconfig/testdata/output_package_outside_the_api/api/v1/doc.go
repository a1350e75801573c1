// Package v1 writes its apply configurations outside its own directory.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +kubebuilder:ac:output:package=../../clients/ac
// +groupName=mail.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "mail.example.com", Version: "v1"}
