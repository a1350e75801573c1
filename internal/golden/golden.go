package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pmezard/go-difflib/difflib"
)

// update is the one -update flag of crdgen's tests.
var update = flag.Bool("update", false, "rewrite golden files (and delete those that should be absent)")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Check compares got with the file at path; a missing file means empty
// content. Under -update it writes got, or removes the file when got is empty.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		write(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs (-want +got):\n%s", path, Diff(want, got))
	}
}

// CheckDir compares a whole set of files with the files in dir and its
// subdirectories (named by slash-separated relative paths): a missing,
// extra or different file fails. Under -update it makes dir hold exactly got.
func CheckDir(t testing.TB, dir string, got map[string][]byte) {
	t.Helper()
	var have []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		have = append(have, filepath.ToSlash(rel))
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, name := range have {
		if _, ok := got[name]; !ok {
			if *update {
				os.Remove(filepath.Join(dir, name))
				continue
			}
			t.Errorf("%s: expected file was not produced", filepath.Join(dir, name))
		}
	}
	names := make([]string, 0, len(got))
	for name := range got {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		if !*update && !slices.Contains(have, name) {
			t.Errorf("%s: produced but not expected (-want +got):\n%s", path, Diff(nil, got[name]))
			continue
		}
		Check(t, path, got[name])
	}
}

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if len(data) == 0 {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Diff is a unified diff of two texts.
func Diff(want, got []byte) string {
	text, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: lines(want), B: lines(got),
		FromFile: "want", ToFile: "got", Context: 3,
	})
	return strings.TrimRight(text, "\n")
}

// lines splits a text into lines that keep their newline.
func lines(data []byte) []string {
	out := strings.SplitAfter(string(data), "\n")
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
