// Package v1 uses the +k8s: tags of declarative validation that
// controller-gen v0.23.0 does not read.
// +groupName=dv.example.com
package v1
