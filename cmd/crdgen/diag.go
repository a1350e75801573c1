package main

// This file implements printing diagnostics: as text ("file:line:col:
// message", what editors make clickable), as a JSON array for tools, or as
// GitHub Actions workflow commands, which put each on the pull request's
// diff.

import (
	"fmt"

	"github.com/crdgen/crdgen/pkg/markers"
)

// diagFormats are the values of --format for diagnostics.
func diagFormats() []string { return []string{"text", "json", "github"} }

// printDiags prints diagnostics sorted, with paths relative to the working
// directory, in the app's format, leaving out suppressed warnings. In the
// json format the array is printed even when it is empty, so that tools can
// always parse it.
func (a *app) printDiags(diags markers.ErrorList) {
	sorted := a.unsuppressed(diags).Sorted()
	for i := range sorted {
		d := &sorted[i]
		d.Pos.Filename = a.rel(d.Pos.Filename)
		d.Related = append([]markers.Related(nil), d.Related...)
		for j := range d.Related {
			d.Related[j].Pos.Filename = a.rel(d.Related[j].Pos.Filename)
		}
	}
	switch a.format {
	case "json":
		fmt.Fprintf(a.stderr, "%s\n", sorted.JSON())
	case "github":
		for _, d := range sorted {
			fmt.Fprintln(a.stderr, d.GitHub())
		}
	default:
		for _, d := range sorted {
			fmt.Fprintln(a.stderr, d.String())
		}
	}
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
