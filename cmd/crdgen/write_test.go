package main

// These tests check what crdgen does to the files around its outputs: it
// removes only files it can prove are its own, writes nothing when there is
// nothing to write, changes nothing when a write fails, cleans up after a
// run that was killed, and never blocks on or reads without bound what it
// finds in the output directory.

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// snapshot reads every file of a directory tree, by relative path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, path)
		out[rel] = string(data)
		return nil
	})
	return out
}

// crdFile is a minimal CRD file of a group and plural, with annotations.
func crdFile(group, plural string, annotations string) string {
	return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n" + annotations +
		"  name: " + plural + "." + group + "\nspec:\n  group: " + group + "\n  names:\n    kind: X\n    plural: " + plural + "\n"
}

// TestOnlyOwnFilesAreRemoved runs crd into a directory that holds, beside
// last run's output, a hand-kept CRD of another group, a kustomization and
// a stale CRD of a kind the user deleted: only the stale one goes.
func TestOnlyOwnFilesAreRemoved(t *testing.T) {
	root := repoRoot(t)
	out := t.TempDir()
	files := map[string]string{
		"cert-manager.io_certificates.yaml": crdFile("cert-manager.io", "certificates", ""),
		"kustomization.yaml":                "resources:\n- cert-manager.io_certificates.yaml\n",
		// A kind deleted since controller-gen wrote it: its group is the
		// package's, so it is the run's to remove.
		"shapes.example.com_oldshapes.yaml": crdFile("shapes.example.com", "oldshapes", "  annotations:\n    controller-gen.kubebuilder.io/version: v0.23.0\n"),
		// crdgen's mark on another group: crdgen wrote it, in another run.
		"other.example.com_things.yaml": crdFile("other.example.com", "things", "  annotations:\n    crdgen.dev/version: v0.1.0\n"),
	}
	for name, data := range files {
		os.WriteFile(filepath.Join(out, name), []byte(data), 0o644)
	}
	a, _, stderr := testApp(root)
	if code := a.main([]string{"crd", "-o", out, "./testdata/go_shapes/..."}); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	got := slices.Sorted(maps.Keys(snapshot(t, out)))
	want := []string{"cert-manager.io_certificates.yaml", "kustomization.yaml", "shapes.example.com_shapes.yaml"}
	if !slices.Equal(got, want) {
		t.Errorf("files after the run: %q, want %q", got, want)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "cert-manager.io_certificates.yaml")); string(data) != files["cert-manager.io_certificates.yaml"] {
		t.Error("the hand-kept CRD changed")
	}
}

// TestNoKindsWritesNothing checks that a run that finds no kind (a pattern
// that matches the wrong packages) is an error that leaves the output
// directory as it was, and that an empty output directory is a usage error.
func TestNoKindsWritesNothing(t *testing.T) {
	root := repoRoot(t)
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "shapes.example.com_shapes.yaml"), []byte(crdFile("shapes.example.com", "shapes", "  annotations:\n    crdgen.dev/version: v0.1.0\n")), 0o644)
	before := snapshot(t, out)
	a, _, stderr := testApp(root)
	code := a.main([]string{"crd", "-o", out, "./testdata/go_shapes/common/..."})
	if code != exitFail || !strings.Contains(stderr.String(), "no kinds found in ./testdata/go_shapes/common/...") || strings.Contains(stderr.String(), "warning: no kinds") {
		t.Errorf("exit %d, want %d and an error\n%s", code, exitFail, stderr)
	}
	if after := snapshot(t, out); !maps.Equal(before, after) {
		t.Errorf("the output directory changed: %v -> %v", slices.Sorted(maps.Keys(before)), slices.Sorted(maps.Keys(after)))
	}
	for _, cmd := range []string{"crd", "generate"} {
		a, _, stderr = testApp(root)
		if code := a.main([]string{cmd, "-o", "", "./testdata/go_shapes/..."}); code != exitUsage || !strings.Contains(stderr.String(), "the output directory is empty") {
			t.Errorf("%s -o \"\": exit %d, want %d\n%s", cmd, code, exitUsage, stderr)
		}
	}
}

// TestAFailedWriteChangesNothing makes writing one output fail (as a full
// disk or a read-only package directory would) in a generate run that
// changes CRDs and conversion files: every file must stay as it was, and no
// temporary file may be left behind. A run after that writes everything.
func TestAFailedWriteChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a module and runs the go command")
	}
	files := caseFiles(t, "conversion_opted_in_tests_hand_written_methods", "example.com/shop", "v1", "v2")
	dir := tempModule(t, files)
	if code, _, stderr := crdgenIn(t, dir, "generate", "./api/..."); code != exitOK {
		t.Fatalf("first run: exit %d\n%s", code, stderr)
	}
	// An edit that changes the CRD and the conversion: a new field in the
	// hub that the spoke must keep in its annotation.
	types := filepath.Join(dir, "api", "v1", "widget_types.go")
	data, _ := os.ReadFile(types)
	edited := strings.Replace(string(data), "\tSchedule string `json:\"schedule\"`", "\tSchedule string `json:\"schedule\"`\n\t// Zone of the schedule.\n\t// +optional\n\tZone string `json:\"zone,omitempty\"`", 1)
	if edited == string(data) {
		t.Fatal("no schedule field to add a field after")
	}
	os.WriteFile(types, []byte(edited), 0o644)
	before := snapshot(t, dir)

	for _, failing := range []string{"batch.example.com_widgets.yaml", "zz_generated.conversion.go"} {
		a, _, stderr := testApp(dir)
		a.Writer.WriteFault = func(path string) error {
			if filepath.Base(path) == failing {
				return syscall.ENOSPC
			}
			return nil
		}
		if code := a.main([]string{"generate", "./api/..."}); code != exitFail || !strings.Contains(stderr.String(), "no space left on device (no file was changed)") {
			t.Errorf("writing %s fails: exit %d, want %d\n%s", failing, code, exitFail, stderr)
		}
		after := snapshot(t, dir)
		for path := range after {
			if _, ok := before[path]; !ok {
				t.Errorf("writing %s fails: %s was left behind", failing, path)
			}
		}
		for path, data := range before {
			if after[path] != data {
				t.Errorf("writing %s fails: %s changed", failing, path)
			}
		}
	}
	if code, _, stderr := crdgenIn(t, dir, "generate", "./api/..."); code != exitOK {
		t.Fatalf("run after the failures: exit %d\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "config", "crd", "bases", "batch.example.com_widgets.yaml")); !strings.Contains(string(got), "zone:") {
		t.Error("the run after the failures did not write the edited CRD")
	}
}

// TestLeftoversOfAKilledRun plants the staged files of a run that was
// killed before its renames: --check reports them, the next run removes
// them, and those of a run still going on are left alone.
func TestLeftoversOfAKilledRun(t *testing.T) {
	root := repoRoot(t)
	out := t.TempDir()
	a, _, stderr := testApp(root)
	if code := a.main([]string{"crd", "--omit-version-annotation", "-o", out, "./testdata/go_shapes/..."}); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	dead := filepath.Join(out, ".crdgen-999999999-3.tmp") // no such process
	alive := filepath.Join(out, ".crdgen-1-3.tmp")        // init never ends
	os.WriteFile(dead, []byte("partial"), 0o644)
	os.WriteFile(alive, []byte("being written"), 0o644)

	a, _, stderr = testApp(root)
	code := a.main([]string{"crd", "--check", "--omit-version-annotation", "-o", out, "./testdata/go_shapes/..."})
	if code != exitFail || !strings.Contains(stderr.String(), ".crdgen-999999999-3.tmp: error: left by a crdgen run that did not finish") || strings.Contains(stderr.String(), ".crdgen-1-3.tmp") {
		t.Errorf("--check: exit %d, want %d and the dead run's file only\n%s", code, exitFail, stderr)
	}
	a, _, stderr = testApp(root)
	if code := a.main([]string{"crd", "--omit-version-annotation", "-o", out, "./testdata/go_shapes/..."}); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(dead); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the killed run's staged file is still there: %v", err)
	}
	if _, err := os.Stat(alive); err != nil {
		t.Errorf("the staged file of a run still going on was removed: %v", err)
	}
}
