// Package output is the only code that changes the files crdgen makes: it
// takes a run's outputs (a Set: the files to make, by path, the
// directories where files no longer made are removed, and the rule that
// says which existing files crdgen may replace), works out what would
// change on disk (a Plan), and either applies the plan as one unit or, for
// --check, reports how the disk differs from it.
//
// Input: a Set, from cmd/crdgen's commands, whatever made the files (CRD
// YAML in config directories, Go files in packages, reports); sets made
// apart are merged with Set.Add, and GuardOwned guards files by their
// owner. Output: the files on disk, or drift diagnostics and diffs; and
// for the rerun record, what a later run must find unchanged
// (Set.Watched) and the files' sums (Set.Sums).
//
// Applying a plan writes every new file to a temporary file beside its
// target and flushes it, and only when all of them are there renames them
// into place and removes the stale files. A failure before the renames
// leaves every existing file as it was and no temporary file behind; a run
// that was killed leaves temporary files named for its process, which the
// next run removes (leftovers.go).
package output
