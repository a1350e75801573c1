// Package v1 uses +k8s: tags and one-of markers.
// +groupName=tags.example.com
package v1
