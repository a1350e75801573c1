// Package v1 holds a kind with printer columns and selectable fields.
// +groupName=batch.example.com
package v1
