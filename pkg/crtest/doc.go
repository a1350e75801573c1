// Package crtest runs CRD test suites in process, through the API server's
// own code: what crdgen test does.
//
// A Server serves one version of a CRD as the API server does once the CRD
// is established (server.go: decoding with field validation, pruning,
// defaulting, the registry strategy's validation with CEL rules and
// ratcheting, the status and scale subresources, the object read back from
// storage). Suites are openshift/api's CRD test suites, read strictly with
// positions (suite.go); RunCase runs a case against any Cluster (run.go),
// so the e2e suite runs the same cases against a real API server and
// compares. Run runs every case of a set of suites on every core against
// the CRDs crdgen built (suites.go); Render reports the outcomes, with the
// Go source of the marker or rule behind a validation error (report.go,
// locate.go). Starter writes a starter suite for a kind, every case found
// by asking a Server (starter.go, derive.go, sample.go).
//
// It takes the CRD objects crdgen built and the suites, and gives
// outcomes; docs/contributing/architecture.md draws crdgen's whole data
// flow.
package crtest
