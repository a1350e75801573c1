// Package app is crdgen's application: a run of a package command as
// typed stages, each a value the next one takes.
//
//	Prepare (crdgen.yaml, the command line) -> Request
//	Request.Load (list, rerun record, load)  -> Load
//	Load.Build (the pipeline, per feature set) -> Build
//	Build.Finish (the command's outputs; write | --check | stdout; record) -> Result
//
// A command of cmd/crdgen is a Command: its flags, the checks between
// them, and Produce, one call of this package (Generate, CRDs, Suites,
// Starter, Cost, Size, Conversion, Diff, JSONSchema, Docs) that turns a
// Build into Outputs. Run takes a Request through the stages and returns
// a Result, which the command prints; nothing here prints or exits.
//
// Inputs: the Env (working directory, version, caches), the command line,
// and the file system (packages, crdgen.yaml, the caches). Outputs: files
// written through internal/output (or their drift under --check), the
// rerun record and remembered builds, and the Result.
package app
