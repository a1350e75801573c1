// Package v1 holds a kind whose fields are types defined over other named types.
// +groupName=defined.example.com
package v1
