package main

// This file implements printing diagnostics: as text ("file:line:col:
// message", what editors make clickable), as a JSON array for tools, or as
// GitHub Actions workflow commands, which put each on the pull request's
// diff.

import (
	"encoding/json"
	"fmt"
	"go/token"

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
		data, _ := json.MarshalIndent(jsonDiags(sorted), "", "  ")
		fmt.Fprintf(a.stderr, "%s\n", data)
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

// jsonDiag is one diagnostic in the json format.
type jsonDiag struct {
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Column   int           `json:"column"`
	Severity string        `json:"severity"`
	Code     markers.Code  `json:"code"`
	Message  string        `json:"message"`
	Related  []jsonRelated `json:"related,omitempty"`
}

// jsonRelated is a related place of a diagnostic.
type jsonRelated struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

func jsonDiags(diags markers.ErrorList) []jsonDiag {
	out := []jsonDiag{}
	for _, d := range diags {
		j := jsonDiag{File: d.Pos.Filename, Line: d.Pos.Line, Column: d.Pos.Column,
			Severity: d.Severity.String(), Code: d.Code, Message: d.Msg}
		for _, r := range d.Related {
			j.Related = append(j.Related, jsonRelated{File: r.Pos.Filename, Line: r.Pos.Line, Column: r.Pos.Column, Message: r.Msg})
		}
		out = append(out, j)
	}
	return out
}

// tokenPos is the position of a diagnostic about the whole run.
func tokenPos() token.Position { return token.Position{} }

// fail prints the diagnostics and the error, if any, of a run that writes
// nothing, and returns its exit code.
func (a *app) fail(diags markers.ErrorList, err error) int {
	a.printDiags(diags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
	}
	return exitFail
}
