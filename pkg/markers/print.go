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
// unknown), each file name rewritten by rel (nil: as it is), and then how
// many errors and warnings there were (Count), so that one error among
// hundreds of warnings is not missed: in text a line "2 errors, 448
// warnings", in github a notice of it, both only when there is a
// diagnostic. In the json format the counts are fields of the one JSON
// object written, always, beside the list (JSON).
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
	errs, warns := sorted.Count()
	switch format {
	case "json":
		fmt.Fprintf(w, "%s\n", sorted.JSON())
	case "github":
		for _, d := range sorted {
			fmt.Fprintln(w, d.GitHub())
		}
		if len(sorted) > 0 {
			fmt.Fprintf(w, "::notice title=crdgen::%s\n", countLine(errs, warns))
		}
	default:
		for _, d := range sorted {
			fmt.Fprintln(w, d.String())
		}
		if len(sorted) > 0 {
			fmt.Fprintln(w, countLine(errs, warns))
		}
	}
}

// Count returns how many of the diagnostics are errors and how many
// warnings.
func (l ErrorList) Count() (errors, warnings int) {
	for _, d := range l {
		if d.Severity == Warning {
			warnings++
		} else {
			errors++
		}
	}
	return errors, warnings
}

// countLine is "2 errors, 448 warnings" (or "1 error, 1 warning").
func countLine(errors, warnings int) string {
	return plural(errors, "error") + ", " + plural(warnings, "warning")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
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
