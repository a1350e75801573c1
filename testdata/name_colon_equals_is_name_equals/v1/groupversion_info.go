// Package v1 holds a kind whose one-value markers are written +name:=value.
// +groupName=colons.example.com
package v1
