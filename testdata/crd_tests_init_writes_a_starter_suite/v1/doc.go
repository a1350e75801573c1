// Package v1 is an API whose starter suite crdgen test --init wrote:
// tests/widgets.starter.crdgen.dev/widget.yaml is its output, reviewed,
// and TestInitWritesTheStarterSuite writes it again to compare.
// +groupName=starter.crdgen.dev
package v1
