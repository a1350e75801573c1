// Package v1 is the storage version of an API whose reference shows every
// schema keyword crdgen writes.
// +groupName=keywords.crdgen.dev
package v1
