// Package v1 makes its fields optional unless marked required.
// +groupName=optional.example.com
// +kubebuilder:validation:Optional
package v1
