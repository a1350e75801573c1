// Package v1alpha1 holds a cluster-scoped kind.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=infra.example.com
package v1alpha1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "infra.example.com", Version: "v1alpha1"}
