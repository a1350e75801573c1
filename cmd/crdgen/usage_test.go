package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/safefile"
)

// flagSetOf registers a command's flags as a run with no crdgen.yaml does.
func flagSetOf(t *testing.T, c *command) *cli.FlagSet {
	t.Helper()
	a, _, _ := testApp(t.TempDir())
	return (&runState{a: a, c: c, layout: config.LayoutOf(nil, "", safefile.OS{})}).register(nil)
}

// TestDocListsEveryCommand pins the command list of the package's doc
// comment (doc.go) to the commands crdgen has: every package command, then
// markers, migrate and version, each once. The flags are not repeated there; they
// are in docs/reference/command-line.md, which TestCommandLineReference
// writes from the flag sets.
func TestDocListsEveryCommand(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(doc), "// Commands:\n//\n")
	if !ok {
		t.Fatal(`doc.go has no "Commands:" section`)
	}
	var got []string
	for line := range strings.Lines(list) {
		rest, ok := strings.CutPrefix(line, "//\tcrdgen ")
		if !ok {
			break
		}
		got = append(got, strings.Fields(rest)[0])
	}
	var want []string
	for _, c := range packageCommands() {
		want = append(want, c.name)
	}
	want = append(want, "markers", "migrate", "version")
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("doc.go lists the commands\n%q\ncrdgen has\n%q", got, want)
	}
}
