// Package model is crdgen's model of Go API packages: groups, versions,
// kinds, and every named type the kinds reach, with their fields, doc
// comments, resolved names and parsed markers.
//
// It holds the model's types and nothing that loads them: pkg/parser
// builds a Model once, and every emitter (schemagen, convgen and the
// generators beside them) reads it and never sees syntax trees or go/types
// objects. The model is read-only once the parser hands it out.
//
// Main types: Model (Groups, Packages, Lookup), Group, Version, Kind,
// Package, Type, Field, Func, and the TypeExpr shapes (Basic, Named,
// Pointer, Slice, Array, Map, Struct, Interface, Unsupported).
// docs/contributing/architecture.md shows where it sits in crdgen.
package model
