// Package markers defines crdgen's marker dialect: the syntax of "// +name"
// comments, the registry of every marker crdgen knows, the typed values
// markers parse into, and the diagnostics every other package reports with.
//
// It is the leaf of crdgen's data flow: it takes comment text and gives
// typed marker values and diagnostics, imports no other crdgen package, and
// knows nothing of CRDs, schemas or Go packages.
// docs/contributing/architecture.md draws the whole flow. What a marker does
// is schemagen's to say (its table of meanings), convgen's for conversion
// markers.
//
// # Syntax
//
// A marker is a line comment whose text, after blanks, starts with '+'. It
// takes one of three forms:
//
//	+name                      a flag
//	+name=value                one anonymous value
//	+name:arg=value,arg2=value named arguments
//
// The text before the first '=' is looked up as a whole; when no definition
// has that name, the part before its last ':' is looked up and the last
// segment becomes the first argument's name, so
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=.metadata.creationTimestamp
// is the marker kubebuilder:printcolumn with three arguments.
//
// Values are strings ("quoted" with Go escapes, `raw`, or bare up to the next
// ',' ';' or '}'), integers, numbers, booleans, lists ({a,b,c} or the legacy
// a;b;c) and maps ({key: value}). Any-typed values (defaults, examples,
// Enum items) guess their type from the text; see any.go.
//
// # Main types
//
//   - Definition: one marker (name, targets, argument struct, doc); the
//     definitions are in defs_*.go, assembled in registry_default.go.
//   - Registry: definitions by name and target; NewRegistry checks them.
//   - Marker: a parsed marker with its position and typed Value.
//   - Diagnostic and ErrorList: positioned problems, sorted for printing.
//
// Consumers type-switch on Marker.Value or use All, First and Has; they never
// look markers up by string.
package markers
