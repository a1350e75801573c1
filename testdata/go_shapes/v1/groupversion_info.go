// Package v1 holds a kind that uses every Go shape crdgen maps.
// +groupName=shapes.example.com
package v1
