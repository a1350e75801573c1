// Package floors holds the layering of crdgen's packages that
// docs/contributing/architecture.md draws ("Floors"): a new import that
// breaks a floor fails go test ./..., not a review.
package floors

import (
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is crdgen's module path.
const module = "github.com/crdgen/crdgen/"

// loaders are the packages of the go command's and the type checker's
// syntax: only pkg/parser reads Go packages.
var loaders = []string{"go/ast", "go/types", "golang.org/x/tools/go/packages"}

// TestFloors checks every import of every non-test Go file of pkg/,
// internal/ and cmd/ against the architecture page's table of floors.
func TestFloors(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	table := floorsTable(t, filepath.Join(root, "docs", "contributing", "architecture.md"))
	imports := packageImports(t, root)
	for _, p := range slices.Sorted(maps.Keys(table)) {
		if _, ok := imports[p]; !ok {
			t.Errorf("architecture.md's floors name %s, which is no package", p)
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		allowed, listed := table[pkg]
		if strings.HasPrefix(pkg, "pkg/") && !listed {
			t.Errorf("%s has no row in architecture.md's floors", pkg)
		}
		for _, imp := range imports[pkg] {
			if msg := breaks(pkg, imp, allowed, listed); msg != "" {
				t.Errorf("%s: %s", imp.at, msg)
			}
		}
	}
}

// anImport is one import of a file.
type anImport struct {
	path string // the imported path, crdgen's without the module prefix
	ours bool   // a crdgen package
	test bool   // in a _test.go file
	at   string // file:line
}

// breaks says how an import of pkg breaks a floor ("" when it does not).
func breaks(pkg string, imp anImport, allowed []string, listed bool) string {
	parser := pkg == "pkg/parser" || strings.HasPrefix(pkg, "pkg/parser/")
	switch {
	case !imp.ours && slices.Contains(loaders, imp.path) && !parser && !imp.test:
		return "only pkg/parser imports " + imp.path
	case !imp.ours:
		return ""
	case imp.path == "pkg/parser/parsertest" && !imp.test:
		return "pkg/parser/parsertest is test support: only _test.go files import it"
	case imp.test || strings.HasPrefix(pkg, "cmd/"):
		// Tests link what they test with; the application and the
		// command sit above every floor, and the compiler keeps
		// cmd/crdgen/internal to them.
		return ""
	case strings.HasPrefix(imp.path, "internal/"):
		return ""
	case strings.HasPrefix(pkg, "internal/"):
		return "a helper under internal/ imports nothing of crdgen's but other helpers, and " + imp.path + " is no helper"
	case !listed:
		return ""
	case !slices.Contains(allowed, imp.path):
		return pkg + " may import " + strings.Join(orNone(allowed), ", ") + " (architecture.md's floors), not " + imp.path
	}
	return ""
}

func orNone(l []string) []string {
	if len(l) == 0 {
		return []string{"none of crdgen's packages but the helpers"}
	}
	return l
}

// floorsTable reads the table of the "Floors" section: each row's
// packages and what they may import.
func floorsTable(t *testing.T, page string) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "### Floors")
	if start < 0 {
		t.Fatalf("%s has no Floors section", page)
	}
	text = text[start:]
	if end := strings.Index(text[len("### Floors"):], "\n#"); end >= 0 {
		text = text[:len("### Floors")+end]
	}
	code := regexp.MustCompile("`([^`]+)`")
	out := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || strings.TrimSpace(cells[1]) == "package" || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		var may []string
		for _, m := range code.FindAllStringSubmatch(cells[2], -1) {
			may = append(may, m[1])
		}
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			out[m[1]] = may
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: the Floors section has no table", page)
	}
	return out
}

// packageImports reads the imports of every Go file of pkg/, internal/
// and cmd/ (testdata left out), by package directory.
func packageImports(t *testing.T, root string) map[string][]anImport {
	t.Helper()
	out := map[string][]anImport{}
	fset := token.NewFileSet()
	for _, top := range []string{"pkg", "internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			pkg := filepath.ToSlash(rel)
			if _, ok := out[pkg]; !ok {
				out[pkg] = nil
			}
			for _, spec := range f.Imports {
				ip, _ := strconv.Unquote(spec.Path.Value)
				imp := anImport{path: ip, test: strings.HasSuffix(p, "_test.go"), at: fset.Position(spec.Pos()).String()}
				if rest, ok := strings.CutPrefix(ip, module); ok {
					imp.path, imp.ours = rest, true
				}
				out[pkg] = append(out[pkg], imp)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// A directory of Go files is a package; one of only tests is too.
	for pkg := range out {
		if path.Base(pkg) == "testdata" {
			delete(out, pkg)
		}
	}
	return out
}
