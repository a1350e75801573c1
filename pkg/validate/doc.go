// Package validate judges Kubernetes manifests as the API server would on
// a create (or, given the objects they replace, an update), through the
// server's own code, and puts every problem at the file:line:col of the
// YAML node it concerns: what crdgen validate does.
//
// Manifests are read as kubectl reads them (read.go: YAML or JSON, several
// documents to a file split at "---" lines, each document and each input
// bounded in size; objects.go: each document parsed with its positions,
// its aliases bounded, List objects unrolled). Each custom resource is
// sent to a crtest server of its CRD (judge.go): decoding with field
// validation, pruning, defaulting, the schema, CEL rules (transition rules
// and ratcheting on an update), metadata. The server's field paths are
// mapped back to the YAML nodes (locate.go). Kinds no CRD serves are
// reported, built-in kinds skipped (catalog.go). Render writes the report
// as text, JSON or GitHub Actions workflow commands (render.go).
//
// Inputs: the manifests (readers with their names), the CRDs (objects, as
// crdgen built them or read from files) and Options. Output: a Report of
// diagnostics (markers.Diagnostic) and counts. It does no file I/O of its
// own but for Find and Open, which walk the paths named on the command
// line.
package validate
