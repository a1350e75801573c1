package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJudgeAcceptsValidAndRejectsInvalid(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "crd_tests_pass_in_process", "want", "suites.crdgen.dev_widgets.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "widgets.yaml"), golden, 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := judge(&out, dir); err != nil {
		t.Fatalf("a CRD crdgen wrote: %v", err)
	}
	if !strings.HasPrefix(out.String(), "validated 1 CRDs in ") {
		t.Errorf("output %q", out.String())
	}

	// The same CRD with a type the server does not know.
	bad := strings.Replace(string(golden), "type: object", "type: objekt", 1)
	if bad == string(golden) {
		t.Fatal("the golden CRD has no type: object to break")
	}
	if err := os.WriteFile(filepath.Join(dir, "widgets.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	err = judge(&out, dir)
	if err == nil || !strings.Contains(err.Error(), "objekt") {
		t.Errorf("an unknown type: got %v, want the server's error", err)
	}
}
