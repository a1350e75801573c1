// Package schemagen turns crdgen's model of Go API types into
// apiextensions.k8s.io/v1 CustomResourceDefinitions: structural
// openAPIV3Schemas, versions, names, subresources, printer columns and
// selectable fields; and judges them with the API server's own validation.
//
// It takes the model (and Options) and gives CRD objects plus
// diagnostics, with no I/O; the pipeline calls it for each CRD, and
// celcost, crddiff and crtest read what it builds.
// docs/contributing/architecture.md draws crdgen's whole data flow.
//
// It owns what every marker means: one row per marker value type
// (meanings.go: what it acts on, its priority, how it applies, the keywords
// it sets, the CEL rules it writes), checked when the table is built
// against the marker registry and the keyword table (keywords.go: how each
// schema keyword merges through named types). Schemas are built the way
// controller-gen builds them (a raw schema per named type, types.go and
// struct.go, then a flattening of allOf, flatten.go), so that output stays
// comparable with it; the deliberate differences are listed in flatten.go.
// The schemas of well-known types (metav1.Time, Quantity, ...) are fixed
// (wellknown.go).
//
// Main entry points:
//
//   - Prepare plans the CRDs of a model, and Plan.Build builds one (what
//     the pipeline runs on every core); Generate does both, for tests;
//   - Views are the model as each feature set has it (View), made once
//     before the set's schemas are built, which read the view and never
//     ask about sets; CheckSets warns about what is in no view;
//   - Validator runs the API server's own validation (Validate) and reports
//     what it finds at the Go source (CRD.Locate, CRD.Origin);
//   - IsWellKnown is the model's list of types not to walk into.
package schemagen
