// Package v1 is an API whose test suite fails in every way a case can, to
// show what crdgen test says: where the case is, what it expected and got,
// the objects' diff, and the marker or rule behind a validation error.
// +groupName=fails.crdgen.dev
package v1
