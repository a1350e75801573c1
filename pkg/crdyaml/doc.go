// Package crdyaml writes a CRD as the YAML file crdgen writes: Marshal is
// its one entry point. The bytes are those controller-gen writes (it goes
// through sigs.k8s.io/yaml, so go-yaml v2), so that a project switching
// tools sees no diff.
//
// It takes a CRD object (the ones schemagen builds) and gives bytes; it
// imports no other crdgen package, and the pipeline calls it.
// docs/contributing/architecture.md draws crdgen's whole data flow.
//
// Files: tree.go turns a CRD into the JSON value tree (what encoding/json
// would decode from its JSON, without the JSON), but for its schemas;
// writer.go writes that tree as YAML with go-yaml v2's emitter rules, and
// schema.go writes each schema straight from its JSONSchemaProps as the
// writer would write its tree; scalar.go picks and writes each scalar's
// style, and resolve.go holds how go-yaml reads plain text back and orders
// keys. The writer is crdgen's own because it is measured to be
// faster (see writer.go); the tests compare it byte for byte with go-yaml
// v2 on every golden CRD and on fuzzed trees.
package crdyaml
