// Package v1 leaves descriptions out where its markers say so.
// +groupName=quiet.example.com
package v1
