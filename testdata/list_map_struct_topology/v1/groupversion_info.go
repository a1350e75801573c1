// Package v1 holds a kind whose lists, maps and structs declare how
// server-side apply merges them.
// +groupName=topology.example.com
package v1
