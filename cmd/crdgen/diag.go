package main

import (
	"fmt"
	"go/token"

	"github.com/crdgen/crdgen/pkg/markers"
)

// printDiags prints diagnostics sorted, one per line, with paths relative to
// the working directory.
func (a *app) printDiags(diags markers.ErrorList) {
	for _, d := range diags.Sorted() {
		d.Pos.Filename = a.rel(d.Pos.Filename)
		d.Related = append([]markers.Related(nil), d.Related...)
		for i := range d.Related {
			d.Related[i].Pos.Filename = a.rel(d.Related[i].Pos.Filename)
		}
		fmt.Fprintln(a.stderr, d.String())
	}
}

// tokenPos is the position of a diagnostic about the whole run.
func tokenPos() token.Position { return token.Position{} }
