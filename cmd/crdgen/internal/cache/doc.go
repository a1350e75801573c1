// Package cache is crdgen's cache directory and the stores in it, which
// let a run skip work an earlier run did, and never change a result.
//
// A Dir is the directory of one run: where the stores live, which crdgen
// build writes them (one identity: its version, its binary, and the custom
// inflections its pluralization read), and one off switch: Open returns
// nil when caching is off ($CRDGEN_CACHE=off, --no-cache, and --check,
// which CI trusts), and every store of a nil Dir is nil, which does all the
// work.
//
// The stores: the rerun record (rerun.go: a run whose inputs and outputs
// are as the last run left them prints what it printed and stops), the
// remembered builds (builds.go: CRDs taken back from the files the last run
// wrote), the API server's verdicts (verdicts.go), the syntax of
// dependencies (syntax.go) and the go command's listing (listing.go). Each
// record names the build that wrote it and reads back whole or is a miss.
//
// Input: the run's settings, its listing and outputs. Output: records, and
// what they give back. docs/reference/loading.md says what each store
// trusts.
package cache
