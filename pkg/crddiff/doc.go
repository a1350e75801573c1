// Package crddiff compares two sets of CustomResourceDefinitions, the ones a
// project has and the ones it is about to ship, and classifies every
// difference as breaking, a security change or safe for the clients and the
// objects already stored; it also lints the new CRDs for schemas that let
// unvalidated data into etcd.
//
// It sits after celcost in crdgen's data flow (it asks celcost which
// fields a rule reads):
//
//	markers -> model -> schemagen -> celcost -> crddiff -> cmd/crdgen
//
// and works on apiextensions/v1 objects only, so that the previous CRDs can
// come from files or a git revision. The checks follow the compatibility
// rules the API server applies to stored objects (a tightened validation
// rejects objects that were valid; validation ratcheting, on by default
// since Kubernetes 1.30, lets an update keep a field it does not change),
// and the ones kubernetes-sigs/crdify enforces.
//
// Main entry points:
//
//   - Compare returns the changes between two sets, sorted;
//   - Lint returns the findings of the security lint on a set;
//   - Change.ID names a change for --allow.
package crddiff
