// Package v1 has CEL rules the API server would reject.
// +groupName=badcel.example.com
package v1
