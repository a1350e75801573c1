package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitWritesTheStarterSuite writes the starter suite of the golden
// case crd_tests_init_writes_a_starter_suite again, in a module of its
// own, and compares it with the one the case holds (which TestGolden runs:
// every case passes); --init then refuses to replace it.
func TestInitWritesTheStarterSuite(t *testing.T) {
	src := filepath.Join(repoRoot(t), "testdata", "crd_tests_init_writes_a_starter_suite", "v1")
	files := map[string]string{}
	for _, name := range []string{"doc.go", "widget_types.go"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		files["api/v1/"+name] = string(data)
	}
	dir := tempModule(t, files)
	suite := filepath.Join("api", "v1", "tests", "widgets.starter.crdgen.dev", "widget.yaml")

	code, stdout, stderr := crdgenIn(t, dir, "test", "--init", "Widget", "./api/v1")
	if code != 0 {
		t.Fatalf("test --init: exit %d\n%s", code, stderr)
	}
	if want := "wrote " + suite + ": 30 cases; 1 validation has no case (see its comments)\n"; stdout != want {
		t.Errorf("test --init printed %q, want %q", stdout, want)
	}
	got, err := os.ReadFile(filepath.Join(dir, suite))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(src, "tests", "widgets.starter.crdgen.dev", "widget.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("the starter suite differs from the golden case's (remove its tests/ and run crdgen test --init Widget there to see it):\n%s", got)
	}

	code, _, stderr = crdgenIn(t, dir, "test", "--init", "Widget", "./api/v1")
	if code != 1 || !strings.Contains(stderr, "exists; crdgen test --init never replaces a suite") {
		t.Errorf("a second test --init: exit %d, want 1 and a refusal\n%s", code, stderr)
	}
	code, _, stderr = crdgenIn(t, dir, "test", "--init", "Widgit.starter.crdgen.dev", "./api/v1")
	if code != 1 || !strings.Contains(stderr, "did you mean Widget.starter.crdgen.dev?") {
		t.Errorf("test --init of a misspelt kind: exit %d, want 1 and a suggestion\n%s", code, stderr)
	}
	if code, stdout, stderr = crdgenIn(t, dir, "test", "./api/v1"); code != 0 || !strings.Contains(stdout, "ok: 30 cases passed") {
		t.Errorf("test: exit %d, want 0 and every case passed\n%s%s", code, stdout, stderr)
	}
}

// TestGenerateRunsTheSuitesFirst follows crdgen generate with test.generate
// in crdgen.yaml: a failing case writes nothing and exits 1, --test=false
// writes anyway, and a passing suite lets generate write.
func TestGenerateRunsTheSuitesFirst(t *testing.T) {
	src := filepath.Join(repoRoot(t), "testdata", "crd_tests_init_writes_a_starter_suite", "v1")
	files := map[string]string{"crdgen.yaml": "packages: [./api/...]\noutputDir: config/crd\ntest:\n  generate: true\n"}
	for _, name := range []string{"doc.go", "widget_types.go"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		files["api/v1/"+name] = string(data)
	}
	suite := "name: Widget\ncrdName: widgets.starter.crdgen.dev\ntests:\n  onCreate:\n  - name: too many replicas\n    initial: |\n      apiVersion: starter.crdgen.dev/v1\n      kind: Widget\n      spec: {owner: a, replicas: %d}\n    expectedError: should be less than or equal to 10\n"
	files["api/v1/tests/widgets.yaml"] = fmt.Sprintf(suite, 10)
	dir := tempModule(t, files)
	crd := filepath.Join(dir, "config", "crd", "starter.crdgen.dev_widgets.yaml")

	code, stdout, stderr := crdgenIn(t, dir, "generate")
	if code != 1 || !strings.Contains(stdout, "FAIL Widget: too many replicas") || !strings.Contains(stderr, "nothing was written") {
		t.Fatalf("generate with a failing case: exit %d, want 1 with the failure\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(crd); !os.IsNotExist(err) {
		t.Fatalf("generate with a failing case wrote %s", crd)
	}
	if code, _, stderr = crdgenIn(t, dir, "generate", "--test=false"); code != 0 {
		t.Fatalf("generate --test=false: exit %d\n%s", code, stderr)
	}
	os.Remove(crd)
	os.WriteFile(filepath.Join(dir, "api", "v1", "tests", "widgets.yaml"), []byte(fmt.Sprintf(suite, 11)), 0o644)
	if code, _, stderr = crdgenIn(t, dir, "generate"); code != 0 {
		t.Fatalf("generate with a passing suite: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(crd); err != nil {
		t.Fatalf("generate with a passing suite did not write the CRD: %v", err)
	}
}
