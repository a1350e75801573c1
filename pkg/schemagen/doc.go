// Package schemagen turns crdgen's model of Go API types into
// apiextensions.k8s.io/v1 CustomResourceDefinitions: structural
// openAPIV3Schemas, versions, names, subresources, printer columns and
// selectable fields.
//
// It sits after the parser in crdgen's data flow:
//
//	markers -> parser -> schemagen -> celcost -> cmd/crdgen
//
// and owns what every schema marker means: schemaRules is one table keyed by
// marker value type. Schemas are built the way controller-gen builds them
// (a raw schema per named type, then a flattening of allOf), so that output
// stays comparable with it; the deliberate differences are listed in
// flatten.go.
//
// Main entry points:
//
//   - Generate builds the CRDs of a model, with diagnostics;
//   - Render writes one as YAML;
//   - Validator runs the API server's own validation on the rendered bytes
//     and reports what it rejects at the Go source (CRD.Locate).
package schemagen
