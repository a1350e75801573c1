package main

// This file implements printing diagnostics, in the form --format asks
// (markers.Formats), without the warnings --suppress names.

import (
	"fmt"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/pkg/markers"
)

// printDiags prints diagnostics sorted, with paths relative to the working
// directory, in the app's format, leaving out suppressed warnings.
func (a *app) printDiags(diags markers.ErrorList) {
	diags.Without(a.suppress.Codes).Print(a.stderr, a.format, a.rel)
}

// registerSuppress adds --suppress to a command's flags, starting from
// crdgen.yaml's list (checked when the file was read). Errors always
// print, since they stop crdgen from writing anything; a project that must
// live with one changes the marker or the Go type instead.
func (a *app) registerSuppress(fs *cli.FlagSet, cfg *config.Config) {
	for _, name := range cfg.Suppress {
		a.suppress.Codes = append(a.suppress.Codes, markers.Code(name))
	}
	fs.Var(&a.suppress, "suppress", "CODE[,CODE]", "do not print warnings with these codes (errors always print); repeatable")
}

// fail prints the diagnostics and the error, if any, of a run that writes
// nothing, and returns its exit code.
func (a *app) fail(diags markers.ErrorList, err error) int {
	a.printDiags(diags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
	}
	return exitFail
}
