// Package v1beta1 is a version only the preview set has (and does not
// serve: its unservedVersions say so).
// +groupName=gates.crdgen.dev
// +crdgen:featureGate=Preview
package v1beta1
