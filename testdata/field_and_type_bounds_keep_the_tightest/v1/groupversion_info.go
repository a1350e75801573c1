// Package v1 has fields that tighten the bounds of their types.
// +groupName=bounds.example.com
package v1
