// Package convgen writes the Go code that converts a kind between its API
// versions: typed, field-by-field conversion functions between each version
// (a spoke) and the storage version (the hub), the controller-runtime wiring
// for them, a lossless round trip through an annotation for what a spoke
// cannot hold, and a round-trip test.
//
// It takes the model and Options and gives Go files plus diagnostics, with
// no I/O; cmd/crdgen writes the files. It reads the same model schemagen
// reads; docs/contributing/architecture.md draws crdgen's whole data flow.
//
// Generate plans every kind with two or more versions first (kinds.go: the
// kinds, hubs and spokes; pairs.go and moves.go: type pairs by Go name,
// fields by JSON name, renames and moves from +crdgen:conversion:from;
// values.go: how each value converts, and what needs a hand-written
// function), then emits the code with jennifer (gen_*.go) and assembles one
// file per package (render.go). The plan is also the
// lossiness report (report.go). Kinds whose conversions are written by hand
// or by conversion-gen are left alone (owner.go); kubebuilder's conversion
// stub is recognised, and replaced with Options.Adopt (scaffold.go). Every
// converted field is judged by the versions' schemas, which Options.Schemas
// gives from the CRDs crdgen writes (schemas.go), and a
// +crdgen:conversion:drop that loses nothing is reported (drops.go).
//
// The generated code never uses unsafe and never converts between numbers
// and strings: a change of type that is not a plain re-declaration needs a
// hand-written Convert_ function, which crdgen finds in the package and
// calls; until it exists the package does not compile.
package convgen
