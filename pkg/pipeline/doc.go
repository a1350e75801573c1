// Package pipeline is crdgen's per-CRD pipeline as a library: one call,
// Run, takes a loaded model and options to the CRD files crdgen writes,
// the CRD objects, the CEL cost report, every diagnostic and the time of
// each phase. Each CRD is built (schemagen), written as YAML (crdyaml),
// judged by the API server's own validation (schemagen.Validator) and its
// CEL rules by the server's compiler and cost estimator (celcost.Judge),
// on every core; YAML past a memory budget is spooled to disk (Spool).
// A caller may hand it what earlier runs made: Builds (a CRD whose build
// key, schemagen.Plan.Key, is remembered is taken back, not built) and
// Verdicts (a CRD built to bytes the server accepted with nothing to say
// is not validated again). Neither is used with a cost report, kept
// objects or errors. With feature sets, RunSets runs it once per set, and
// its SetResults answer for all the sets at once (Built, VersionDirs,
// CostReports).
//
// It takes a model and gives files, objects, a report and diagnostics,
// using schemagen, crdyaml and celcost; everything that runs the pipeline
// calls it: the crdgen command, the end-to-end tests (which apply the files
// it makes to a real API server) and the benchmarks.
// docs/contributing/architecture.md draws crdgen's whole data flow.
package pipeline
