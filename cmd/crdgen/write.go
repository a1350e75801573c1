package main

// This file implements what a command does with its outputs through the
// output layer (internal/output): work out the plan, then apply it, or
// under --check report how the disk differs, with the command that fixes
// it.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/markers"
)

// checkDrift prints the run's diagnostics together with one per pending
// change, then the diffs, and reports whether anything would change. fix is
// the command that updates the outputs.
func (a *app) checkDrift(diags markers.ErrorList, p output.Plan, fix string) bool {
	d := output.DriftOf(p, fix)
	a.printDiags(append(slices.Clip(diags), d.Diags...))
	d.WriteDiffs(a.stdout, a.rel)
	return d.Found()
}

// fixCommand is the command line that updates what --check found stale: the
// same command and arguments without --check, and without --format (how a
// CI job prints diagnostics is not what a person runs to fix them), run
// the way crdgen was.
func (a *app) fixCommand(command string, args []string) string {
	words := []string{cli.Invocation(a.dir), command}
	for i := 0; i < len(args); i++ {
		switch arg := args[i]; {
		case arg == "--check" || arg == "-check" || arg == "--check=true" || arg == "-check=true":
			continue
		case arg == "--format" || arg == "-format":
			i++
			continue
		case strings.HasPrefix(arg, "--format=") || strings.HasPrefix(arg, "-format="):
			continue
		}
		words = append(words, args[i])
	}
	return strings.Join(words, " ")
}

// printWritten prints one line per file written or removed, for -v.
func (a *app) printWritten(p output.Plan, total int) {
	for _, c := range p.Write {
		fmt.Fprintf(a.stderr, "wrote %s\n", a.rel(c.Path))
	}
	for _, c := range p.Remove {
		fmt.Fprintf(a.stderr, "removed stale %s\n", a.rel(c.Path))
	}
	if unchanged := total - len(p.Write); unchanged > 0 {
		fmt.Fprintf(a.stderr, "%d unchanged\n", unchanged)
	}
}
