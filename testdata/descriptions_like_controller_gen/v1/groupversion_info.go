// Package v1 shows how doc comments become descriptions.
// +groupName=docs.example.com
package v1
