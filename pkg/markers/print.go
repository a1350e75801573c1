package markers

// This file implements printing a list of diagnostics in one of its three
// forms, as a command does, and leaving out the warnings a user
// suppressed.

import (
	"fmt"
	"io"
	"slices"
)

// Formats are the forms Print prints diagnostics in: text ("file:line:col:
// message", what editors make clickable), json (for tools) and github
// (GitHub Actions workflow commands, which put each on a pull request's
// diff).
func Formats() []string { return []string{"text", "json", "github"} }

// Print writes the diagnostics sorted, in a format of Formats (text when
// unknown), each file name rewritten by rel (nil: as it is). In the json
// format the array is written even when it is empty, so that tools can
// always parse it.
func (l ErrorList) Print(w io.Writer, format string, rel func(string) string) {
	sorted := l.Sorted()
	for i := range sorted {
		d := &sorted[i]
		d.Related = slices.Clone(d.Related)
		if rel != nil {
			d.Pos.Filename = rel(d.Pos.Filename)
			for j := range d.Related {
				d.Related[j].Pos.Filename = rel(d.Related[j].Pos.Filename)
			}
		}
	}
	switch format {
	case "json":
		fmt.Fprintf(w, "%s\n", sorted.JSON())
	case "github":
		for _, d := range sorted {
			fmt.Fprintln(w, d.GitHub())
		}
	default:
		for _, d := range sorted {
			fmt.Fprintln(w, d.String())
		}
	}
}

// Without returns the diagnostics but the warnings with one of the codes
// (errors are always kept: they stop a run from writing anything).
func (l ErrorList) Without(codes []Code) ErrorList {
	if len(codes) == 0 {
		return l
	}
	return slices.DeleteFunc(slices.Clone(l), func(d Diagnostic) bool {
		return d.Severity == Warning && slices.Contains(codes, d.Code)
	})
}
