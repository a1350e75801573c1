// Package v1 is generated with --max-description-length=40.
// +groupName=shortdocs.example.com
package v1
