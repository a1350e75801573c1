// Package crdmerge merges one CustomResourceDefinition manifest into
// another the way openshift/api's generator composes its manifests: by
// server-side apply, each manifest applied by a field manager of its own
// with force, so that what the later one sets wins and what it leaves out
// stays. Maps (metadata, properties, items, defaults) merge key by key;
// lists are replaced whole, as the CRD API declares them atomic (a schema
// node's required fields, enum, CEL rules, printer columns), except the
// lists it declares keyed: spec.versions by name, status.conditions by
// type, and metadata's finalizers (a set) and owner references (by uid).
//
// Input: two manifests as decoded JSON (map[string]any). Output: the first,
// changed in place. It imports nothing of crdgen's; schemagen uses it to
// compose openshift's sets and to apply hand-written overrides.
package crdmerge
