// Package v1 is the API crdgen validate judges the case's manifests by.
// +groupName=shop.example.com
package v1
