// Package v1beta1 is the deprecated version of the API.
// +groupName=keywords.crdgen.dev
package v1beta1
