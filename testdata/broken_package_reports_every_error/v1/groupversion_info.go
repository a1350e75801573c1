// Package v1 is broken on purpose: one mistake per marker or field.
// +groupName=broken.example.com
package v1
