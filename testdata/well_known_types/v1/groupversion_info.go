// Package v1 holds a kind that uses the types the API server treats specially.
// +groupName=special.example.com
package v1
