package main

// This file implements what --check says when outputs are not up to date:
// a diagnostic per file (code "stale", at the file's first changed line, so
// that --format github puts it on the pull request's diff and --format json
// lists it with the others), the command that fixes it, and a unified diff
// of each file on standard output.

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
)

// checkDrift prints the run's diagnostics together with one per planned
// change, then the diffs, and reports whether anything would change. fix is
// the command that updates the outputs.
func (a *app) checkDrift(diags markers.ErrorList, p plan, fix string) bool {
	drift := driftDiags(p, fix)
	a.printDiags(append(slices.Clip(diags), drift...))
	for _, c := range p.write {
		a.printDiff(c)
	}
	for _, c := range p.remove {
		a.printDiff(c)
	}
	return len(drift) > 0
}

// driftDiags is a diagnostic for every file the plan would write or delete.
func driftDiags(p plan, fix string) markers.ErrorList {
	var out markers.ErrorList
	for _, c := range p.write {
		d := markers.Diagnostic{Pos: token.Position{Filename: c.path}, Code: markers.CodeStale}
		if c.old == nil {
			d.Msg = fmt.Sprintf("missing; run %q to write it", fix)
		} else {
			d.Pos.Line = firstChangedLine(c.old, newContent(c))
			d.Msg = fmt.Sprintf("out of date from this line on; run %q to update it", fix)
		}
		out.Add(d)
	}
	for _, c := range p.remove {
		out.Add(markers.Diagnostic{Pos: token.Position{Filename: c.path, Line: 1}, Code: markers.CodeStale,
			Msg: fmt.Sprintf("stale: no kind produces it any more; run %q to delete it", fix)})
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

// fail prints the diagnostics and the error, if any, of a run that writes
// nothing, and returns its exit code.
func (a *app) fail(diags markers.ErrorList, err error) int {
	a.printDiags(diags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
	}
	return exitFail
}
