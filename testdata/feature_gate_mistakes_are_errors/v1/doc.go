// Package v1 names feature gates wrongly in every way crdgen checks.
// +groupName=mistakes.crdgen.dev
package v1
