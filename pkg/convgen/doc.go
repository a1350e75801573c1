// Package convgen writes the Go code that converts a kind between its API
// versions: typed, field-by-field conversion functions between each version
// (a spoke) and the storage version (the hub), the controller-runtime wiring
// for them, a lossless round trip through an annotation for what a spoke
// cannot hold, and a round-trip test.
//
// It sits beside schemagen in crdgen's data flow:
//
//	markers -> parser -> convgen -> cmd/crdgen
//
// Generate plans every kind with two or more versions first (plan.go: type
// pairs by Go name, fields by JSON name, renames and moves from
// +crdgen:conversion:from, what needs a hand-written function), then
// renders one file per package with jennifer (gen*.go). The plan is also the
// lossiness report (report.go).
//
// The generated code never uses unsafe and never converts between numbers
// and strings: a change of type that is not a plain re-declaration needs a
// hand-written Convert_ function, which crdgen finds in the package and
// calls; until it exists the package does not compile.
package convgen
