package apidocs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/internal/mdcheck"
)

// TestCommittedReferencesRender reads, with goldmark, every reference the
// repository commits (the golden cases' want/docs, and examples/docs): a
// relative link or #anchor that no page or heading id answers, a link
// that is not http, https or mailto, or raw HTML other than the pages'
// own line breaks and header fails it. The golden harness checks that
// they are what crdgen writes today (go test ./cmd/crdgen).
func TestCommittedReferencesRender(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "want", "docs"))
	if err != nil {
		t.Fatal(err)
	}
	dirs = append(dirs, filepath.Join("..", "..", "examples", "docs"))
	if len(dirs) < 4 {
		t.Fatalf("found only the references %q", dirs)
	}
	for _, dir := range dirs {
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			pages := readPages(t, dir)
			if pages[IndexFile] == nil {
				t.Fatalf("%s has no %s", dir, IndexFile)
			}
			for _, p := range mdcheck.Check(pages, []string{lineBreak, Header}) {
				t.Error(p)
			}
			for name, src := range pages {
				if !strings.HasPrefix(string(src), Header+"\n") {
					t.Errorf("%s does not start with %q", name, Header)
				}
			}
		})
	}
}

// readPages reads the Markdown files of dir, by name.
func readPages(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages[filepath.Base(f)] = data
	}
	return pages
}

func TestGenerateRefusesABadSplit(t *testing.T) {
	if _, err := Generate(nil, nil, Options{Split: "pages"}); err == nil || !strings.Contains(err.Error(), `no split "pages"`) {
		t.Errorf("got %v, want an error about the split", err)
	}
}
