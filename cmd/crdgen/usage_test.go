package main

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestDocListsEveryCommand pins the command list of the package's doc
// comment (doc.go) to the commands crdgen has: every package command, then
// markers, lsp, migrate and version, each once. The flags are not repeated there; they
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
		want = append(want, c.Name)
	}
	want = append(want, "markers", "lsp", "migrate", "version")
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("doc.go lists the commands\n%q\ncrdgen has\n%q", got, want)
	}
}
