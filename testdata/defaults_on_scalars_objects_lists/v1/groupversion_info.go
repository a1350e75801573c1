// Package v1 holds a kind whose fields carry defaults.
// +groupName=defaults.example.com
package v1
