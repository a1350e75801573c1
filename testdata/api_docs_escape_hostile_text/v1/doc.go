// Package v1 is an API whose doc comments and markers try to break the
// reference's Markdown.
// +groupName=hostile.crdgen.dev
package v1
