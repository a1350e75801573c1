package deepcopy

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/parser/parsertest"
)

// goldenYear replaces YEAR in a case's boilerplate.go.txt.
const goldenYear = "2025"

// repoRoot is the module root.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// generateCase loads ./testdata/<name>/... and generates its files. The
// case's boilerplate.go.txt, when there is one, is the header, with YEAR
// replaced as controller-gen's year option replaces it.
func generateCase(t testing.TB, name string) ([]File, markers.ErrorList) {
	t.Helper()
	root := repoRoot(t)
	m, diags, err := parser.Load(context.Background(), []string{"./pkg/deepcopy/testdata/" + name + "/..."},
		parser.Options{Dir: root, AllFields: true})
	if err != nil {
		t.Fatal(err)
	}
	var opts Options
	if header, err := os.ReadFile(filepath.Join("testdata", name, "boilerplate.go.txt")); err == nil {
		opts.Header = bytes.ReplaceAll(header, []byte(" YEAR"), []byte(" "+goldenYear))
	}
	files, gen := Generate(m, opts)
	diags.Append(gen)
	return files, diags.Sorted()
}

// TestGolden generates every case and compares the files with its want
// directory: want/<package dir>/zz_generated.deepcopy.go for each package
// that gets one, and want/stderr.txt with the diagnostics (paths relative
// to the case), absent when there are none.
func TestGolden(t *testing.T) {
	for _, name := range parsertest.Names(t) {
		t.Run(name, func(t *testing.T) {
			files, diags := generateCase(t, name)
			dir, err := filepath.Abs(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]byte{}
			for _, f := range files {
				rel, err := filepath.Rel(dir, f.Path)
				if err != nil || strings.HasPrefix(rel, "..") {
					t.Fatalf("%s is outside the case", f.Path)
				}
				got[filepath.ToSlash(rel)] = f.Content
			}
			if len(diags) > 0 {
				got["stderr.txt"] = []byte(strings.ReplaceAll(diagText(diags), dir+string(filepath.Separator), ""))
			}
			golden.CheckDir(t, filepath.Join(dir, "want"), got)
		})
	}
}

func diagText(l markers.ErrorList) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

// TestSameBytesEveryRun generates every case twice from one model and
// checks the files are the same.
func TestSameBytesEveryRun(t *testing.T) {
	for _, name := range parsertest.Names(t) {
		first, _ := generateCase(t, name)
		second, _ := generateCase(t, name)
		if len(first) != len(second) {
			t.Fatalf("%s: %d files, then %d", name, len(first), len(second))
		}
		for i := range first {
			if first[i].Path != second[i].Path || !bytes.Equal(first[i].Content, second[i].Content) {
				t.Errorf("%s: %s differs between two runs", name, first[i].Path)
			}
		}
	}
}
