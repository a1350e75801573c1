package output

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	_ "github.com/crdgen/crdgen/internal/golden"
)

// files writes name -> content into dir.
func files(t *testing.T, dir string, m map[string]string) {
	t.Helper()
	for name, data := range m {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// anyOwner lets a file be replaced whatever it holds.
func anyOwner([]byte) error { return nil }

// setOf is a set of files by path, each of which may replace any file.
func setOf(m map[string]Content) *Set {
	s := &Set{}
	for path, c := range m {
		s.Put(path, c, anyOwner)
	}
	return s
}

func names(cs []Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, filepath.Base(c.Path))
	}
	return out
}

// TestPlanOf checks what a set would change: a file already holding its
// content is left alone, a new or different one is written, a file the
// owner refuses stops the plan with the owner's error after the path, a
// file with no owner is never replaced, and only the stale files the
// stale entry claims are removed.
func TestPlanOf(t *testing.T) {
	dir := t.TempDir()
	files(t, dir, map[string]string{
		"same.yaml":    "same\n",
		"changed.yaml": "old\n",
		"mine.yaml":    "mine\n",
		"theirs.yaml":  "theirs\n",
		"notes.txt":    "not yaml\n",
	})
	set := setOf(map[string]Content{
		filepath.Join(dir, "same.yaml"):    Bytes("same\n"),
		filepath.Join(dir, "changed.yaml"): Bytes("new\n"),
		filepath.Join(dir, "new.yaml"):     Bytes("new\n"),
	})
	set.Stale = []Stale{{Dir: dir, Own: func(name string, data []byte) bool { return strings.HasPrefix(string(data), "mine") }}}
	p, err := PlanOf(set, Bounds{}, func(s string) string { return s })
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(p.Write), []string{"changed.yaml", "new.yaml"}; !slices.Equal(got, want) {
		t.Errorf("writes %q, want %q", got, want)
	}
	if got, want := names(p.Remove), []string{"mine.yaml"}; !slices.Equal(got, want) {
		t.Errorf("removes %q, want %q", got, want)
	}

	set.Owners[filepath.Join(dir, "changed.yaml")] = func([]byte) error { return errors.New("was not written by crdgen") }
	_, err = PlanOf(set, Bounds{}, filepath.Base)
	if err == nil || err.Error() != "changed.yaml was not written by crdgen" {
		t.Errorf("a file its owner refuses: %v", err)
	}
	delete(set.Owners, filepath.Join(dir, "changed.yaml"))
	_, err = PlanOf(set, Bounds{}, filepath.Base)
	if err == nil || !strings.HasPrefix(err.Error(), "changed.yaml exists, and crdgen cannot tell whether it wrote it") {
		t.Errorf("a file with no owner: %v", err)
	}

	os.Mkdir(filepath.Join(dir, "adir.yaml"), 0o755)
	_, err = PlanOf(setOf(map[string]Content{filepath.Join(dir, "adir.yaml"): Bytes("x")}), Bounds{}, filepath.Base)
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory at an output's path: %v", err)
	}
}

// TestApplyIsAllOrNothing makes staging one file fail: no file changes and
// no temporary file is left; then the plan applies whole.
func TestApplyIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	files(t, dir, map[string]string{"a.yaml": "a1\n", "b.yaml": "b1\n"})
	set := setOf(map[string]Content{
		filepath.Join(dir, "a.yaml"): Bytes("a2\n"),
		filepath.Join(dir, "b.yaml"): Bytes("b2\n"),
		filepath.Join(dir, "c.yaml"): Bytes("c2\n"),
	})
	p, err := PlanOf(set, Bounds{}, filepath.Base)
	if err != nil {
		t.Fatal(err)
	}
	w := &Writer{Rel: filepath.Base, WriteFault: func(path string) error {
		if filepath.Base(path) == "b.yaml" {
			return syscall.ENOSPC
		}
		return nil
	}}
	if err := w.Apply(context.Background(), p); err == nil || err.Error() != "writing b.yaml: no space left on device (no file was changed)" {
		t.Errorf("Apply with a failing write: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		got = append(got, e.Name()+"="+strings.TrimSpace(string(data)))
	}
	if want := []string{"a.yaml=a1", "b.yaml=b1"}; !slices.Equal(got, want) {
		t.Errorf("after a failed Apply: %q, want %q", got, want)
	}
	w.WriteFault = nil
	if err := w.Apply(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.yaml": "a2\n", "b.yaml": "b2\n", "c.yaml": "c2\n"} {
		if data, _ := os.ReadFile(filepath.Join(dir, name)); string(data) != want {
			t.Errorf("%s = %q, want %q", name, data, want)
		}
	}
}

// TestDriftOf checks the diagnostics and diffs --check prints.
func TestDriftOf(t *testing.T) {
	dir := t.TempDir()
	files(t, dir, map[string]string{"a.yaml": "one\ntwo\nthree\n", "gone.yaml": "old\n"})
	set := setOf(map[string]Content{
		filepath.Join(dir, "a.yaml"):   Bytes("one\n2\nthree\n"),
		filepath.Join(dir, "new.yaml"): Bytes("new\n"),
	})
	set.Stale = []Stale{{Dir: dir, Own: func(string, []byte) bool { return true }}}
	p, err := PlanOf(set, Bounds{}, filepath.Base)
	if err != nil {
		t.Fatal(err)
	}
	p.Leftovers = []string{filepath.Join(dir, ".crdgen-1-1.tmp")}
	d := DriftOf(p, "crdgen crd")
	var got []string
	for _, diag := range d.Diags {
		got = append(got, filepath.Base(diag.Pos.Filename)+":"+string(rune('0'+diag.Pos.Line))+": "+diag.Msg)
	}
	want := []string{
		`a.yaml:2: out of date from this line on; run "crdgen crd" to update it`,
		`new.yaml:0: missing; run "crdgen crd" to write it`,
		`gone.yaml:1: stale: no kind produces it any more; run "crdgen crd" to delete it`,
		`.crdgen-1-1.tmp:0: left by a crdgen run that did not finish; run "crdgen crd" to remove it`,
	}
	if !slices.Equal(got, want) || !d.Found() {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var diffs strings.Builder
	d.WriteDiffs(&diffs, filepath.Base)
	if !strings.Contains(diffs.String(), "--- a/a.yaml\n+++ b/a.yaml\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n") {
		t.Errorf("diffs:\n%s", diffs.String())
	}
}

// TestLeftovers finds the staged files of processes that are gone, and
// not those of this process or of one still running.
func TestLeftovers(t *testing.T) {
	dir := t.TempDir()
	var w Writer
	mine := w.tempName()
	files(t, dir, map[string]string{
		".crdgen-999999999-3.tmp": "dead",
		".crdgen-1-3.tmp":         "init never ends",
		mine:                      "this process",
		".crdgen-x.tmp":           "not a staged name",
	})
	got := Leftovers([]string{dir, dir})
	if len(got) != 1 || filepath.Base(got[0]) != ".crdgen-999999999-3.tmp" {
		t.Errorf("Leftovers = %q", got)
	}
}

// TestApplyPutsBackWhenARenameFails makes the rename of the second of
// three files fail, as an immutable file does: the first, already
// replaced, gets its old bytes back, the new one is removed, a stale file
// stays, and the error says nothing was changed. Then an interrupt before
// the renames changes nothing either.
func TestApplyPutsBackWhenARenameFails(t *testing.T) {
	dir := t.TempDir()
	files(t, dir, map[string]string{"a.yaml": "a1\n", "b.yaml": "b1\n", "stale.yaml": "old\n"})
	set := setOf(map[string]Content{
		filepath.Join(dir, "a.yaml"): Bytes("a2\n"),
		filepath.Join(dir, "b.yaml"): Bytes("b2\n"),
		filepath.Join(dir, "c.yaml"): Bytes("c2\n"),
	})
	set.Stale = []Stale{{Dir: dir, Names: []string{"stale.yaml"}, Own: func(string, []byte) bool { return true }}}
	p, err := PlanOf(set, Bounds{}, filepath.Base)
	if err != nil {
		t.Fatal(err)
	}
	state := func() []string {
		entries, _ := os.ReadDir(dir)
		var got []string
		for _, e := range entries {
			data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			got = append(got, e.Name()+"="+strings.TrimSpace(string(data)))
		}
		return got
	}
	before := state()
	// The writes go in path order: a.yaml is renamed, then b.yaml fails.
	w := &Writer{Rel: filepath.Base, RenameFault: func(path string) error {
		if filepath.Base(path) == "b.yaml" {
			return syscall.EPERM
		}
		return nil
	}}
	err = w.Apply(context.Background(), p)
	if err == nil || err.Error() != "writing b.yaml: operation not permitted (no file was changed)" {
		t.Errorf("Apply with a failing rename: %v", err)
	}
	if after := state(); !slices.Equal(after, before) {
		t.Errorf("after a failed rename: %q, want %q", after, before)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w.RenameFault = nil
	if err := w.Apply(ctx, p); err == nil || !strings.Contains(err.Error(), "interrupted (no file was changed)") {
		t.Errorf("Apply interrupted: %v", err)
	}
	if after := state(); !slices.Equal(after, before) {
		t.Errorf("after an interrupt: %q, want %q", after, before)
	}
}

// TestWatchedAndSums checks what a run records of its outputs for the
// rerun cache: every file written, the named stale files it did not write,
// the directories whose stale files go by extension, and each file's
// SHA-256.
func TestWatchedAndSums(t *testing.T) {
	s := &Set{
		Files: map[string]Content{"/o/b.yaml": Bytes("b"), "/o/a.yaml": Bytes("a"), "/p/zz_gen.go": Bytes("go")},
		Stale: []Stale{
			{Dir: "/o"},
			{Dir: "/p", Names: []string{"zz_gen.go", "zz_gen_test.go"}},
		},
	}
	files, dirs := s.Watched()
	if want := []string{"/o/a.yaml", "/o/b.yaml", "/p/zz_gen.go", "/p/zz_gen_test.go"}; !slices.Equal(files, want) || !slices.Equal(dirs, []string{"/o"}) {
		t.Errorf("Watched = %q, %q", files, dirs)
	}
	sums := s.Sums()
	// The SHA-256 of "a".
	if len(sums) != 3 || sums["/o/a.yaml"] != "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb" {
		t.Errorf("Sums = %v", sums)
	}
}

// TestAddKeepsOwners checks Add: the files and stale places of both, each
// file with its owner.
func TestAddKeepsOwners(t *testing.T) {
	refuse := func(path string) Owner {
		return func([]byte) error { return errors.New("not " + path) }
	}
	s := &Set{Stale: []Stale{{Dir: "/d1"}}}
	s.Put("/a", Bytes("a"), refuse("/a"))
	o := &Set{Stale: []Stale{{Dir: "/d2"}}}
	o.Put("/b", Bytes("b"), refuse("/b"))
	s.Add(o)
	if len(s.Files) != 2 || len(s.Stale) != 2 || s.Stale[1].Dir != "/d2" {
		t.Fatalf("Add: files %v, stale %v", s.Files, s.Stale)
	}
	for path, want := range map[string]string{"/a": "not /a", "/b": "not /b", "/c": "exists, and crdgen cannot tell whether it wrote it: remove it to let crdgen write there"} {
		if got := errString(s.check(path, []byte("x"))); got != want {
			t.Errorf("owner of %s: %q, want %q", path, got, want)
		}
	}
	if err := s.check("/a", []byte(" \n")); err != nil {
		t.Errorf("a file of white space only: %v, want it replaced", err)
	}
	empty := &Set{}
	empty.Add(o)
	if len(empty.Files) != 1 || errString(empty.check("/b", []byte("x"))) != "not /b" {
		t.Errorf("Add to an empty set: %v", empty.Files)
	}
}
