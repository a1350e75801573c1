package main

// This file implements "crdgen lsp": the language server over standard
// input and output (cmd/crdgen/internal/lsp).

import (
	"fmt"
	"io"
	"os"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/lsp"
)

// stdio is standard input and the command's output as one connection.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return os.Stdin.Close() }

// lspCmd serves one editor on standard input and output until it exits;
// args are crdgen crd's flags and packages for every run.
func (a *invocation) lspCmd(args []string) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(a.stdout, lspUsage)
		return exitOK
	}
	opts := lsp.Options{Dir: a.Dir, Version: a.Version, ConfigFile: a.ConfigFile, Args: args}
	if err := lsp.Serve(a.Ctx, stdio{os.Stdin, a.stdout}, opts); err != nil {
		fmt.Fprintf(a.stderr, "crdgen lsp: %v\n", err)
		return exitFail
	}
	return exitOK
}

const lspUsage = `Usage: crdgen lsp [crd flags] [PACKAGES...]

Serves the Language Server Protocol on standard input and output, for an
editor to run beside gopls: crdgen crd's diagnostics of the workspace as
the API types are edited (the editor's unsaved text included), their fixes
as quick fixes, the documentation of a marker on hover, and marker names
completed after "// +". The flags and packages are crdgen crd's, for every
run (crdgen crd -h lists them); crdgen.yaml is found from the workspace
root.
`
