// Package v1 uses types of k8s.io/api, some with apply configurations
// elsewhere.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=jobs.example.com
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "jobs.example.com", Version: "v1"}
