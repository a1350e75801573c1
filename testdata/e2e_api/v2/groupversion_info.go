// Package v2 holds the newest served version of Shape, used by crdgen's
// end-to-end tests (test/e2e).
// +groupName=e2e.crdgen.dev
package v2
