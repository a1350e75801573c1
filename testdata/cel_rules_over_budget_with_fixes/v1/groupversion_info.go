// Package v1 has CEL rules that cost too much, and the same rules bounded.
// +groupName=cost.example.com
package v1
