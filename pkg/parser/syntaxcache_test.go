package parser

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/crdgen/crdgen/pkg/parser/internal/astcodec"
)

// TestStrippedSourcesRoundTrip holds the syntax codec to go/parser on what
// the importer parses: every Go file of GOROOT's src (the standard
// library, the go command's own packages, tests excluded), its bodies
// blanked, parsed, written and read back into a fresh file set, must give
// the same tree (reflect.DeepEqual: every field, every position), the same
// line table, and comment groups that are the file's own.
func TestStrippedSourcesRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("reads GOROOT")
	}
	var paths []string
	src := filepath.Join(runtime.GOROOT(), "src")
	filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			paths = append(paths, path)
		}
		return nil
	})
	if len(paths) < 3000 {
		t.Fatalf("found %d files under %s", len(paths), src)
	}
	var mu sync.Mutex
	kept, refused := 0, 0
	work := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for path := range work {
				ok, err := roundTrips(path)
				mu.Lock()
				switch {
				case err != nil:
					t.Error(err)
				case ok:
					kept++
				default:
					refused++
				}
				mu.Unlock()
			}
		})
	}
	for _, p := range paths {
		work <- p
	}
	close(work)
	wg.Wait()
	t.Logf("%d files written and read back, %d refused", kept, refused)
	if kept < 9*(kept+refused)/10 {
		t.Errorf("only %d of %d files could be kept", kept, kept+refused)
	}
}

// roundTrips reports whether a file is kept, and an error when what is
// read back is not what was parsed.
func roundTrips(path string) (bool, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, stripBodies(src), parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return false, nil // the importer does not keep a file with errors
	}
	data, err := astcodec.Encode(fset, f)
	if errors.Is(err, astcodec.ErrUnsupported) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	fset2 := token.NewFileSet()
	got, err := astcodec.Decode(fset2, string(data))
	if err != nil {
		return false, err
	}
	wf, gf := fset.File(f.FileStart), fset2.File(got.FileStart)
	if wf.Name() != gf.Name() || wf.Size() != gf.Size() || wf.Base() != gf.Base() || !reflect.DeepEqual(wf.Lines(), gf.Lines()) {
		return false, errors.New(path + ": the file's line table differs")
	}
	if !reflect.DeepEqual(f, got) {
		return false, errors.New(path + ": the tree read back differs from the parsed one")
	}
	own := map[*ast.CommentGroup]bool{}
	for _, g := range got.Comments {
		own[g] = true
	}
	var stray error
	ast.Inspect(got, func(n ast.Node) bool {
		if g, ok := n.(*ast.CommentGroup); ok && !own[g] && stray == nil {
			stray = errors.New(path + ": a comment group read back is not one of the file's")
		}
		return true
	})
	return true, stray
}
