// Package v1 holds a cluster-scoped kind with custom names.
// +groupName=infra.example.com
package v1
