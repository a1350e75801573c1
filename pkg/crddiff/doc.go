// Package crddiff compares two sets of CustomResourceDefinitions, the ones a
// project has and the ones it is about to ship, and classifies every
// difference as breaking, a security change or safe for the clients and the
// objects already stored; it also lints the new CRDs for schemas that let
// unvalidated data into etcd.
//
// It takes two sets of apiextensions/v1 objects and gives the changes and
// lint findings, asking celcost which fields a rule reads; it works on
// objects only, so that the previous CRDs can come from files or a git
// revision. docs/contributing/architecture.md draws crdgen's whole data
// flow. The checks follow the compatibility rules the API server applies to
// stored objects (a tightened validation rejects objects that were valid;
// validation ratcheting, on by default since Kubernetes 1.30, lets an update
// keep a field it does not change), and the ones kubernetes-sigs/crdify
// enforces.
//
// Main entry points:
//
//   - Compare returns the changes between two sets, sorted;
//   - Lint returns the findings of the security lint on a set;
//   - Change.ID names a change for --allow;
//   - Entries makes both into the entries crdgen diff reports (allowed by
//     --allow or not, at their Go source), which Render and RenderSets (one
//     report per feature set) write.
package crddiff
