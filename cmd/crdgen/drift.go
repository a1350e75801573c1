package main

// This file implements what --check says when outputs are not up to date:
// a diagnostic per file (code "stale", at the file's first changed line, so
// that --format github puts it on the pull request's diff and --format json
// lists it with the others), the command that fixes it, and a unified diff
// of each file on standard output.

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/crdgen/crdgen/pkg/markers"
)

// checkDrift prints the run's diagnostics together with one per pending
// change, then the diffs, and reports whether anything would change. fix is
// the command that updates the outputs.
func (a *app) checkDrift(diags markers.ErrorList, p diskChanges, fix string) bool {
	// A FIFO or a device (a cost report to /dev/stdout) holds nothing to
	// compare with.
	p.write = slices.DeleteFunc(slices.Clone(p.write), func(c fileChange) bool { return c.disk.special })
	// A spooled output is read once, for both its diagnostic and its diff.
	news := make([][]byte, len(p.write))
	for i, c := range p.write {
		news[i] = newContent(c)
	}
	drift := driftDiags(p, news, fix)
	a.printDiags(append(slices.Clip(diags), drift...))
	for i, c := range p.write {
		a.printDiff(c.path, c.old, news[i])
	}
	for _, c := range p.remove {
		a.printDiff(c.path, c.old, nil)
	}
	return len(drift) > 0
}

// driftDiags is a diagnostic for every file the changes would write (news are
// their contents) or delete.
func driftDiags(p diskChanges, news [][]byte, fix string) markers.ErrorList {
	var out markers.ErrorList
	for i, c := range p.write {
		d := markers.Diagnostic{Pos: token.Position{Filename: c.path}, Code: markers.CodeStale}
		if c.old == nil {
			d.Msg = fmt.Sprintf("missing; run %q to write it", fix)
		} else {
			d.Pos.Line = firstChangedLine(c.old, news[i])
			d.Msg = fmt.Sprintf("out of date from this line on; run %q to update it", fix)
		}
		out.Add(d)
	}
	for _, c := range p.remove {
		out.Add(markers.Diagnostic{Pos: token.Position{Filename: c.path, Line: 1}, Code: markers.CodeStale,
			Msg: fmt.Sprintf("stale: no kind produces it any more; run %q to delete it", fix)})
	}
	for _, path := range p.leftovers {
		out.Add(markers.Diagnostic{Pos: token.Position{Filename: path}, Code: markers.CodeStale,
			Msg: fmt.Sprintf("left by a crdgen run that did not finish; run %q to remove it", fix)})
	}
	return out
}

// firstChangedLine is the 1-based line of old where new first differs (the
// last line when new only adds to its end).
func firstChangedLine(old, new []byte) int {
	a, b := lines(old), lines(new)
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i + 1
		}
	}
	return max(len(a), 1)
}

// fixCommand is the command line that updates what --check found stale: the
// same command and arguments without --check, run the way crdgen was.
func (a *app) fixCommand(command string, args []string) string {
	words := []string{a.invocation(), command}
	for _, arg := range args {
		switch arg {
		case "--check", "-check", "--check=true", "-check=true":
			continue
		}
		words = append(words, arg)
	}
	return strings.Join(words, " ")
}

// printDiff prints a unified diff of a file from old to new.
func (a *app) printDiff(path string, old, new []byte) {
	name := filepath.ToSlash(a.rel(path))
	from, to := "a/"+name, "b/"+name
	if filepath.IsAbs(name) {
		from, to = "a"+name, "b"+name
	}
	text, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A:        lines(old),
		B:        lines(new),
		FromFile: from,
		ToFile:   to,
		Context:  3,
	})
	fmt.Fprint(a.stdout, text)
}

// newContent is a change's new content for a diff (empty if unreadable).
func newContent(c fileChange) []byte {
	data, _ := c.content()
	return data
}
