package config

import (
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
)

// TestParseReportsEveryUnknownKey gives crdgen.yaml two misspelt keys at
// the top and one in a section: all three are reported, in the file's
// order, at their lines and columns, the same on every run (a map's order
// once chose one of them at random).
func TestParseReportsEveryUnknownKey(t *testing.T) {
	data := []byte("packages: [./api/...]\noutputDri: config/crd\nrbac:\n  roleNam: r\nyaer: \"2026\"\n")
	want := []string{
		`crdgen.yaml:2:1: error: unknown setting "outputDri", did you mean "outputDir"`,
		`crdgen.yaml:4:3: error: unknown setting "roleNam" in rbac, did you mean "roleName"`,
		`crdgen.yaml:5:1: error: unknown setting "yaer", did you mean "year"`,
	}
	for range 20 {
		_, err := Parse("crdgen.yaml", "/p", data)
		list, ok := markers.AsErrorList(err)
		if !ok {
			t.Fatalf("got %v, want the diagnostics", err)
		}
		var got []string
		for _, d := range list {
			got = append(got, d.String())
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestConfigKeysAreTheStructs checks the keys crdgen.yaml takes, which
// come from Config's fields: the top level and each section.
func TestConfigKeysAreTheStructs(t *testing.T) {
	keys := configKeys()
	for section, want := range map[string][]string{
		"rbac":       {"roleName", "outputDir", "fileName", "headerFile"},
		"jsonSchema": {"outputDir", "layout", "strict"},
		"openshift":  {"featureGates", "manifests", "overrides"},
	} {
		if got := keys[section]; strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: %q, want %q", section, got, want)
		}
	}
	if _, ok := keys["maxCRDBytes"]; ok {
		t.Error("maxCRDBytes, a size, is taken for a section")
	}
	if len(keys) != 11 || len(keys[""]) != 29 {
		t.Errorf("%d sections and %d top-level keys, want 11 and 29: %q", len(keys), len(keys[""]), keys)
	}
}
