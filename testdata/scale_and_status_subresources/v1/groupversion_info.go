// Package v1 holds a scalable kind.
// +groupName=apps.example.com
package v1
