// Package shared says none of its types' descriptions go into CRDs.
// +kubebuilder:skip:description
package shared
