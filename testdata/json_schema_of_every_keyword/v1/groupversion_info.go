// Package v1 holds a Gadget whose schema has every keyword the JSON Schema
// translation says something of.
// +kubebuilder:object:generate=true
// +groupName=keywords.crdgen.dev
package v1
