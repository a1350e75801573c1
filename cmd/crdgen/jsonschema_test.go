package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/jsonschema"
)

// TestExampleJSONSchemasAreUpToDate checks that the example's JSON
// Schemas, both variants, are what crdgen jsonschema writes today: the
// golden files of the example, which the client tests of pkg/jsonschema
// (kubeconform, yaml-language-server) read.
func TestExampleJSONSchemasAreUpToDate(t *testing.T) {
	root := repoRoot(t)
	for _, args := range [][]string{
		{"jsonschema", "--check", "-o", "examples/config/jsonschema", "./examples/api/..."},
		{"jsonschema", "--check", "--strict", "-o", "examples/config/jsonschema-strict", "./examples/api/..."},
	} {
		a, stdout, stderr := testApp(root)
		if code := a.main(args); code != exitOK {
			t.Errorf("crdgen %s: exit %d (go run ./cmd/crdgen %s writes them)\n%s%s", strings.Join(args, " "), code,
				strings.Join(append(args[:1:1], args[2:]...), " "), stderr, stdout)
		}
	}
}

// TestGenerateWritesJSONSchemas checks that crdgen generate writes the
// JSON Schemas when crdgen.yaml has a jsonSchema section, in its layout and
// variant, and refuses a layout it does not know.
func TestGenerateWritesJSONSchemas(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "crdgen.yaml")
	text := "packages: [" + filepath.Join(root, "examples", "api") + "/...]\noutputDir: crds\njsonSchema:\n  outputDir: schemas\n  layout: catalog\n  strict: true\n"
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	a, stdout, stderr := testApp(root)
	a.ConfigFile = cfg
	if code := a.main([]string{"generate"}); code != exitOK {
		t.Fatalf("crdgen generate: exit %d\n%s%s", code, stderr, stdout)
	}
	data, err := os.ReadFile(filepath.Join(dir, "schemas", "batch.tutorial.example.com", "cronjob_v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, "examples", "config", "jsonschema-strict", "cronjob_v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != string(want) || !jsonschema.Owned(data) {
		t.Errorf("generate wrote another schema than crdgen jsonschema --strict")
	}

	if err := os.WriteFile(cfg, []byte(text+"  layout: kubeconfrom\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, _, stderr = testApp(root)
	a.ConfigFile = cfg
	if code := a.main([]string{"generate"}); code == exitOK || !strings.Contains(stderr.String(), `did you mean "kubeconform"`) {
		t.Errorf("a misspelt layout: exit %d, stderr %q", code, stderr)
	}
}
