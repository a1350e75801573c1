package output

// This file implements what --check says when outputs are not up to date:
// a diagnostic per file (code "stale", at the file's first changed line, so
// that --format github puts it on the pull request's diff and --format json
// lists it with the others), with the command that fixes it, and a unified
// diff of each file.

import (
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Drift is how the disk differs from a plan.
type Drift struct {
	// Diags has a diagnostic for every file the plan would write, remove,
	// or clean up.
	Diags markers.ErrorList
	// changes are the files to diff, with their new content.
	changes []diffed
}

type diffed struct {
	path     string
	old, new []byte
}

// DriftOf is the drift a plan shows; fix is the command that updates the
// outputs. A FIFO or a device (a cost report to /dev/stdout) holds
// nothing to compare with and is left out.
func DriftOf(p Plan, fix string) Drift {
	var d Drift
	for _, c := range p.Write {
		if c.Disk.Special {
			continue
		}
		// A spooled output is read once, for both its diagnostic and its diff.
		data, _ := c.Content()
		diag := markers.Diagnostic{Pos: token.Position{Filename: c.Path}, Code: markers.CodeStale}
		if c.Old == nil {
			diag.Msg = fmt.Sprintf("missing; run %q to write it", fix)
		} else {
			diag.Pos.Line = firstChangedLine(c.Old, data)
			diag.Msg = fmt.Sprintf("out of date from this line on; run %q to update it", fix)
		}
		d.Diags.Add(diag)
		d.changes = append(d.changes, diffed{c.Path, c.Old, data})
	}
	for _, c := range p.Remove {
		d.Diags.Add(markers.Diagnostic{Pos: token.Position{Filename: c.Path, Line: 1}, Code: markers.CodeStale,
			Msg: fmt.Sprintf("stale: no kind produces it any more; run %q to delete it", fix)})
		d.changes = append(d.changes, diffed{c.Path, c.Old, nil})
	}
	for _, path := range p.Leftovers {
		d.Diags.Add(markers.Diagnostic{Pos: token.Position{Filename: path}, Code: markers.CodeStale,
			Msg: fmt.Sprintf("left by a crdgen run that did not finish; run %q to remove it", fix)})
	}
	return d
}

// Found reports whether anything would change.
func (d Drift) Found() bool { return len(d.Diags) > 0 }

// WriteDiffs writes a unified diff of each file, in the plan's order
// (written files first, then removed ones); rel shortens the names.
func (d Drift) WriteDiffs(w io.Writer, rel func(string) string) {
	for _, c := range slices.Clip(d.changes) {
		name := filepath.ToSlash(rel(c.path))
		from, to := "a/"+name, "b/"+name
		if filepath.IsAbs(name) {
			from, to = "a"+name, "b"+name
		}
		text, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A:        Lines(c.old),
			B:        Lines(c.new),
			FromFile: from,
			ToFile:   to,
			Context:  3,
		})
		fmt.Fprint(w, text)
	}
}

// firstChangedLine is the 1-based line of old where new first differs (the
// last line when new only adds to its end).
func firstChangedLine(old, new []byte) int {
	a, b := Lines(old), Lines(new)
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i + 1
		}
	}
	return max(len(a), 1)
}

// Lines splits a file into lines that keep their newline; an empty file
// has none. (difflib.SplitLines adds an empty last line.)
func Lines(data []byte) []string {
	out := strings.SplitAfter(string(data), "\n")
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
