package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/apidocs"
)

// TestDocsOwnOnlyTheirFiles runs crdgen docs into a directory that holds
// a page crdgen wrote and no longer makes (removed), a page of someone
// else's (kept), and then someone else's index.md (refused, nothing
// written).
func TestDocsOwnOnlyTheirFiles(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	stale := filepath.Join(dir, "gone.example.com_v1.md")
	notes := filepath.Join(dir, "notes.md")
	write := func(path, data string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(stale, apidocs.Header+"\n\n# old\n")
	write(notes, "# Notes\n\nkept by hand\n")
	args := []string{"docs", "-o", dir, "./examples/api/..."}
	a, _, stderr := testApp(root)
	if code := a.main(args); code != exitOK {
		t.Fatalf("crdgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("%s: got %v, want it removed", stale, err)
	}
	if _, err := os.Stat(notes); err != nil {
		t.Errorf("%s: %v, want it kept", notes, err)
	}
	if _, err := os.Stat(filepath.Join(dir, apidocs.IndexFile)); err != nil {
		t.Errorf("no index: %v", err)
	}

	other := t.TempDir()
	write(filepath.Join(other, apidocs.IndexFile), "# My index\n")
	args[2] = other
	a, _, stderr = testApp(root)
	if code := a.main(args); code != exitFail || !strings.Contains(stderr.String(), "was not written by crdgen") {
		t.Errorf("crdgen %s over a hand-written index.md: exit %d, want %d, and\n%s", strings.Join(args, " "), code, exitFail, stderr)
	}
	if entries, _ := os.ReadDir(other); len(entries) != 1 {
		t.Errorf("crdgen wrote %d files beside the hand-written index.md, want none", len(entries)-1)
	}
}

// TestDocsDefaultDirectory checks that crdgen docs writes to docs/api when
// nothing says otherwise, as every other output has its default, and that
// an empty -o says what it is for.
func TestDocsDefaultDirectory(t *testing.T) {
	root := repoRoot(t)
	a, _, stderr := testApp(root)
	code := a.main([]string{"docs", "--check", "./examples/api/..."})
	if want := filepath.Join("docs", "api", apidocs.IndexFile) + ":"; code != exitFail || !strings.Contains(stderr.String(), want) {
		t.Errorf("docs --check: exit %d, want %d and a line for %s\n%s", code, exitFail, want, stderr)
	}
	a, _, stderr = testApp(root)
	code = a.main([]string{"docs", "-o", "", "./examples/api/..."})
	if want := "crdgen docs: -o is empty: name the directory the reference goes to (by default docs/api"; code != exitUsage || !strings.Contains(stderr.String(), want) {
		t.Errorf("docs -o \"\": exit %d, want %d and %q\n%s", code, exitUsage, want, stderr)
	}
}
