// Package parser loads Go API packages and builds crdgen's model of them:
// groups, versions, kinds, and every named type the kinds reach, with their
// fields, doc comments and parsed markers.
//
// It sits between markers and the emitters:
//
//	markers -> parser -> schemagen/convgen -> celcost -> cmd/crdgen
//
// and is the only package that imports go/ast and go/types.
// Load builds the Model once; the model is read-only afterwards, and holds
// no syntax trees or go/types objects, so they are released when Load
// returns.
//
// Main types: Model (Groups, Packages), Group, Version, Kind, Package, Type,
// Field, and the TypeExpr shapes (Basic, Named, Pointer, Slice, Array, Map,
// Struct, Interface, Unsupported).
//
// Loading lists the packages with one go list run (crdgen runs the go
// command itself: go/packages would run it and more, twice the time),
// type-checks the API packages from source without function bodies, and
// builds from their dependencies' source only the declarations they reach,
// doc comments included (see load.go and srcimport.go).
package parser
