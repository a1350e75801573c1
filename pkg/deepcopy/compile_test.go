package deepcopy

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/parser/parsertest"
)

// casePackages returns the directories of a case's Go packages (all but
// want/) and, for each, the want file generated for it ("" for none).
func casePackages(t *testing.T, name string) map[string]string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path == filepath.Join(dir, "want") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		pkg := filepath.Dir(path)
		rel, _ := filepath.Rel(dir, pkg)
		want := filepath.Join(dir, "want", rel, FileName)
		if _, err := os.Stat(want); err != nil {
			want = ""
		}
		out[pkg] = want
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// overlay writes a go command overlay that puts each package's want file
// in the package as zz_generated.deepcopy.go, and returns its path.
func overlay(t *testing.T, pkgs map[string]string) string {
	t.Helper()
	replace := map[string]string{}
	for pkg, want := range pkgs {
		if want != "" {
			replace[filepath.Join(pkg, FileName)] = want
		}
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// goCmd runs the go command in the module root.
func goCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = repoRoot(t)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestGeneratedCodeCompiles vets every case's packages with the generated
// files in place (an overlay): the code type-checks with the types it
// copies, so that code which parses but does not compile fails here. Of a
// case with errors, the packages with an error are left out (their files
// are not written), and those beside them are vetted.
func TestGeneratedCodeCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet on the testdata packages")
	}
	all := map[string]string{}
	for _, name := range parsertest.Names(t) {
		stderr, _ := os.ReadFile(filepath.Join("testdata", name, "want", "stderr.txt"))
		failed := errorDirs(string(stderr))
		for pkg, want := range casePackages(t, name) {
			rel, _ := filepath.Rel(filepath.Join(repoRoot(t), "pkg", "deepcopy", "testdata", name), pkg)
			if !failed[filepath.ToSlash(rel)] && !failed["*"] {
				all[pkg] = want
			}
		}
	}
	args := []string{"vet", "-overlay", overlay(t, all)}
	for _, pkg := range slices.Sorted(maps.Keys(all)) {
		args = append(args, pkg)
	}
	if out, err := goCmd(t, args...); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
}

// errorDirs are the package directories (relative to the case) a
// stderr.txt has errors in, not only warnings; "*" when an error has no
// file.
func errorDirs(stderr string) map[string]bool {
	out := map[string]bool{}
	for line := range strings.Lines(stderr) {
		if strings.HasPrefix(line, "\t") || strings.Contains(line, ": warning: ") {
			continue
		}
		file, _, ok := strings.Cut(line, ":")
		if !ok || !strings.HasSuffix(file, ".go") {
			out["*"] = true
			continue
		}
		out[path.Dir(file)] = true
	}
	return out
}

// TestCopiesShareNoMemory runs the round-trip test of the case
// copies_share_no_memory with its generated file in place: values of every
// shape filled at random (sigs.k8s.io/randfill), copied, and the copy
// changed everywhere in place, leave the original as it was.
func TestCopiesShareNoMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a testdata package")
	}
	pkgs := casePackages(t, "copies_share_no_memory")
	args := []string{"test", "-count=1", "-overlay", overlay(t, pkgs)}
	args = append(args, slices.Sorted(maps.Keys(pkgs))...)
	out, err := goCmd(t, args...)
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
	if !strings.Contains(out, "ok ") {
		t.Fatalf("the round-trip test did not run:\n%s", out)
	}
}
