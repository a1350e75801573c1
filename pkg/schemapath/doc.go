// Package schemapath names places in a CRD's OpenAPI schema and walks
// schemas: one path type, displayed one way everywhere (.spec.ports[*].name
// for people, .properties[spec].properties[ports].items for the API
// server's field paths), and one walker (walk.go) that every recursion over
// a schema goes through, for both forms of a schema: apiextensions/v1, which
// crdgen writes, and the internal form the API server's validation and CEL
// functions take.
//
// Input: a schema (either form) and a visit function, or a field path.
// Output: the walk, in a fixed order, with the Path of every node; Path's
// display forms; Split of the server's field paths.
//
// Main types and functions: Path, Schema, Walk, Edit, Descend, Has, At,
// EditAt. docs/contributing/architecture.md shows where it sits in crdgen.
package schemapath
