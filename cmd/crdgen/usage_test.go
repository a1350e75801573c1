package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/internal/cli"
	"github.com/crdgen/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/safefile"
)

// flagSetOf registers a command's flags as a run with no crdgen.yaml does.
func flagSetOf(t *testing.T, c *command) *cli.FlagSet {
	t.Helper()
	a, _, _ := testApp(t.TempDir())
	return (&runState{a: a, c: c, layout: config.LayoutOf(nil, "", safefile.OS{})}).register(nil)
}

// TestDocFlagsAreTheFlagSets pins the command's doc comment (doc.go) to
// the flags each command registers: the flags of "Flags of every package
// command:", of "Flags of the commands that build CRDs:" for those that do,
// and of "Flags of NAME:" are exactly the command's.
func TestDocFlagsAreTheFlagSets(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	sections := docFlagSections(string(doc))
	for _, c := range packageCommands() {
		want := flagSetOf(t, c).Names()
		got := append(slices.Clone(sections["every package command"]), sections[c.name]...)
		if c.builds {
			got = append(got, sections["the commands that build CRDs"]...)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("doc.go lists these flags for crdgen %s:\n%q\nits flag set has:\n%q", c.name, got, want)
		}
	}
}

// docFlagSections reads the "Flags of X:" sections of the doc comment: the
// flag names that start each indented line below the heading.
func docFlagSections(doc string) map[string][]string {
	out := map[string][]string{}
	var section string
	for line := range strings.Lines(doc) {
		text := strings.TrimSpace(strings.TrimPrefix(line, "//"))
		if name, ok := strings.CutPrefix(text, "Flags of "); ok && strings.HasSuffix(name, ":") {
			section = strings.TrimSuffix(name, ":")
			continue
		}
		if section == "" {
			continue
		}
		if !strings.HasPrefix(line, "//\t") {
			if text != "" {
				section = ""
			}
			continue
		}
		fields := strings.Fields(text)
		for i, f := range fields {
			f = strings.TrimSuffix(f, ",")
			if !strings.HasPrefix(f, "-") || (i > 0 && !strings.HasSuffix(fields[i-1], ",")) {
				break
			}
			out[section] = append(out[section], f)
		}
	}
	return out
}
