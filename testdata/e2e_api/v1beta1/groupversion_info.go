// Package v1beta1 holds the deprecated served version of Shape, used by
// crdgen's end-to-end tests (test/e2e).
// +groupName=e2e.crdgen.dev
package v1beta1
