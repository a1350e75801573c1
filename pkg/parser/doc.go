// Package parser lists and reads Go packages and builds crdgen's model of
// them (pkg/model): groups, versions, kinds, and every named type the kinds
// reach, with their fields, doc comments and parsed markers. It is the only
// package that imports go/packages, go/ast and go/types; the model it
// returns holds no syntax trees or go/types objects, so they are released
// when Load returns.
//
// Input: package patterns and Options (directory, build tags, environment,
// overlay, the marker registry's settings). Output: a *model.Model and its
// diagnostics.
//
// Listing uses golang.org/x/tools/go/packages in a mode that compiles
// nothing (list.go; workspaces, GOFLAGS, overlays and GOPACKAGESDRIVER work
// as in every Go tool, and directory patterns reach nested modules as
// controller-gen's loader does, modules.go). Generated files are left out
// of the API packages as controller-gen leaves them out (tags.go). The API
// packages are type-checked from source without function bodies; their
// dependencies are built from source with only the declarations they reach,
// doc comments included, their constants evaluated with go/constant
// (load.go, srcimport*.go; a dependency is read only when a declaration
// names it). A Listing can be encoded, kept, and used again while its
// ListingWatch (listwatch.go) holds; a SyntaxStore keeps what reading a
// dependency gave (syntaxcache.go, internal/astcodec).
//
// Main entry points: List, Load, LoadListing, Listing (Watch, Fingerprint,
// Encode), DecodeListing, StateBefore. docs/contributing/architecture.md
// shows where it sits in crdgen.
package parser
