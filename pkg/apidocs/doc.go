// Package apidocs writes an API reference in Markdown from crdgen's model
// and the CRDs built of it.
//
// Input: the model (pkg/model: kinds, the Go types they reach, their
// fields and doc comments) and, per feature set, the CRD objects the
// pipeline built (schemagen.CRD: schemas with their defaults, bounds,
// enums, patterns, formats, list types and keys, CEL rules and messages;
// names, scope, versions, subresources, printer columns). Output: Markdown
// files (File), with no I/O: IndexFile, and one file per group and version
// or per kind (Split). Each kind's section has its description, scope,
// short names, printer columns, subresources and served, storage and
// deprecated versions; each type its kinds reach has a section with a
// table of its fields (JSON name, linked type, required or optional,
// default, validation, description), and with several feature sets the
// sets each kind, version, field and value is in.
//
// Anchors are derived from names (goldmark's auto heading IDs, which are
// GitHub's for names of ASCII letters and digits), and text from the Go
// types cannot inject HTML, links or headings (markdown.go). The same
// inputs give the same bytes.
//
// Main entry point: Generate. docs/guides/api-docs.md shows what it
// writes; docs/contributing/architecture.md shows where it sits in crdgen.
package apidocs
