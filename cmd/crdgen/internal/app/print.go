package app

// This file implements what a run prints beside its diagnostics: its
// standard output, the command that fixes what --check found, and -v's
// lines of the files written.

import (
	"fmt"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// stdoutBytes is what a run prints on standard output, which the rerun
// cache keeps to print again.
func stdoutBytes(files []pipeline.File) ([]byte, error) {
	var out []byte
	for _, f := range files {
		data, err := f.Bytes()
		if err != nil {
			return nil, err
		}
		out = append(out, data...)
	}
	return out, nil
}

// FixCommand is the command line that updates what --check found stale:
// the same command and arguments without --check, and without --format
// (how a CI job prints diagnostics is not what a person runs to fix them),
// run the way crdgen was.
func FixCommand(dir, command string, args []string) string {
	words := []string{cli.Invocation(dir), command}
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

// writeWritten writes one line per file written or removed, for -v.
func writeWritten(w *strings.Builder, p output.Plan, total int, rel func(string) string) {
	for _, c := range p.Write {
		fmt.Fprintf(w, "wrote %s\n", rel(c.Path))
	}
	for _, c := range p.Remove {
		fmt.Fprintf(w, "removed stale %s\n", rel(c.Path))
	}
	if unchanged := total - len(p.Write); unchanged > 0 {
		fmt.Fprintf(w, "%d unchanged\n", unchanged)
	}
}
