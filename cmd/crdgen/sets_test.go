package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
)

// TestFeatureSetsWorkflow follows a project with two feature sets: generate
// writes both, --check covers both, -o is refused, and the suites run per
// set.
func TestFeatureSetsWorkflow(t *testing.T) {
	src := filepath.Join(repoRoot(t), "testdata", "feature_sets_gate_versions_kinds_fields_markers")
	files := map[string]string{}
	filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(path, string(filepath.Separator)+"want"+string(filepath.Separator)) || filepath.Base(path) == "commands.txt" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(src, path)
		files[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	files[config.Name] += "packages: [./...]\n"
	dir := tempModule(t, files)

	if code, _, stderr := crdgenIn(t, dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	for _, f := range []string{"config/crd/stable/gates.crdgen.dev_widgets.yaml", "config/crd/preview/gates.crdgen.dev_widgets.yaml", "config/crd/preview/gates.crdgen.dev_gizmoes.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("generate did not write %s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "config/crd/stable/gates.crdgen.dev_gizmoes.yaml")); err == nil {
		t.Error("the stable set has a Gizmo CRD; Gizmo is gated by Preview")
	}
	if code, _, stderr := crdgenIn(t, dir, "generate", "--check"); code != 0 {
		t.Fatalf("generate --check right after generate: exit %d\n%s", code, stderr)
	}
	preview := filepath.Join(dir, "config/crd/preview/gates.crdgen.dev_widgets.yaml")
	data, _ := os.ReadFile(preview)
	os.WriteFile(preview, []byte(strings.Replace(string(data), "  name: ", "  name: edited", 1)), 0o644)
	if code, stdout, _ := crdgenIn(t, dir, "generate", "--check"); code != 1 || !strings.Contains(stdout, "preview/gates.crdgen.dev_widgets.yaml") {
		t.Errorf("generate --check after editing the preview set's CRD: exit %d, want 1 naming the file\n%s", code, stdout)
	}
	for _, o := range []string{"-o", "--output-dir"} {
		if code, _, stderr := crdgenIn(t, dir, "crd", o, "elsewhere"); code != exitUsage || !strings.Contains(stderr, "each feature set has its own outputDir") {
			t.Errorf("crd %s with feature sets: exit %d, want %d\n%s", o, code, exitUsage, stderr)
		}
	}
	if code, stdout, stderr := crdgenIn(t, dir, "test"); code != 0 || !strings.Contains(stdout, "ok: 10 cases passed (4 suites)") {
		t.Errorf("test: exit %d\n%s%s", code, stdout, stderr)
	}
}
