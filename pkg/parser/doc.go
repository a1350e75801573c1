// Package parser loads Go API packages and builds crdgen's model of them:
// groups, versions, kinds, and every named type the kinds reach, with their
// fields, doc comments and parsed markers.
//
// It sits between markers and the emitters:
//
//	markers -> parser -> schemagen/convgen -> celcost -> cmd/crdgen
//
// and is the only package that imports go/packages, go/ast and go/types.
// Load builds the Model once; the model is read-only afterwards, and holds
// no syntax trees or go/types objects, so they are released when Load
// returns.
//
// Main types: Model (Groups, Packages), Group, Version, Kind, Package, Type,
// Field, and the TypeExpr shapes (Basic, Named, Pointer, Slice, Array, Map,
// Struct, Interface, Unsupported).
//
// Loading reads the API packages from source and everything else from the
// go command's export data; a dependency's files are parsed only for the
// doc comments and markers of the types a schema reaches (see load.go).
package parser
