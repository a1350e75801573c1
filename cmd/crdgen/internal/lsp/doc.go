// Package lsp is crdgen lsp: a language server over standard input and
// output for the Go files of API types, run by an editor beside gopls.
//
// It reports crdgen crd's diagnostics of the project while the types are
// written: on open, change (debounced) and save, from the editor's buffers
// through go/packages overlays (app.Env.Overlay), by the same stages the
// command and the golangci-lint plugin run (app.LintCommand,
// app.Diagnostics). It offers each diagnostic's fix (the did-you-mean
// rename of a misspelt marker) as a quick fix, hovers a marker with its
// definition from the registry (its usage, the nodes it goes on, its doc)
// and completes marker names after "// +" from the same registry: there is
// no second list of markers.
//
// The protocol is go.lsp.dev's: its jsonrpc2 for the framing and the
// connection, its protocol package for the messages and the client side
// (publishDiagnostics), which the tests drive through the same library's
// client.
package lsp
