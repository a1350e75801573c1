// Package v1 holds a CronTab kind that uses every OpenAPI validation marker,
// on fields, on types, and in their items: forms.
// +kubebuilder:object:generate=true
// +groupName=stable.example.com
package v1
