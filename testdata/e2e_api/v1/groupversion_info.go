// Package v1 holds the kinds crdgen's end-to-end tests (test/e2e) create on
// a real API server, one kind per behaviour, and the storage version of the
// multi-version kind Shape.
// +groupName=e2e.crdgen.dev
package v1
