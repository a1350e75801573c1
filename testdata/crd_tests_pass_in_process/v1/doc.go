// Package v1 is an API whose CRD test suites (tests/) pass: between them
// they exercise every step of a request the API server takes, and the e2e
// suite runs them against a real API server too (test/e2e/suites_test.go).
// +groupName=suites.crdgen.dev
package v1
