// Package model is crdgen's model of Go API packages, and how it is loaded:
// groups, versions, kinds, and every named type the kinds reach, with their
// fields, doc comments and parsed markers.
//
// It sits between markers and the emitters:
//
//	markers -> model -> schemagen/convgen -> celcost -> pipeline -> cmd/crdgen
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
// Loading lists the packages with golang.org/x/tools/go/packages in a mode
// that compiles nothing (list.go; workspaces, GOFLAGS, overlays and
// GOPACKAGESDRIVER work as in every Go tool), leaves generated files out of
// the API packages as controller-gen does (tags.go), type-checks the API
// packages from source without function bodies, and builds from their
// dependencies' source only the declarations they reach, doc comments
// included, their constants evaluated with go/constant (load.go,
// srcimport*.go; a dependency is read only when a declaration names it).
// A Listing can be encoded, kept, and used again while its ListingWatch
// (listwatch.go: the go command's files, package directories and Go file
// headers, the directories a "..." pattern walks) holds.
package model
