// Package v1 is the stable version of an API with feature-gated parts.
// +groupName=gates.crdgen.dev
package v1
