// Package v1 is an API whose test suites cannot be run as written: crdgen
// test reports each at its line, runs nothing and exits 2.
// +groupName=malformed.crdgen.dev
package v1
