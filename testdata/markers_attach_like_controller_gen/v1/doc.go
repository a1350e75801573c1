// Package v1 shows where markers attach.
//
// +kubebuilder:object:generate=true
package v1

// A free-standing package marker, between declarations, belongs to the package.

// +groupName=attach.example.com
