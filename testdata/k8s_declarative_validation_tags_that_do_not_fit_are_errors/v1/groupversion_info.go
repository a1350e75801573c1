// Package v1 puts +k8s: tags where validation-gen refuses them.
// +groupName=misfit.example.com
package v1
