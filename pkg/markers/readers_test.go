package markers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadersKnowTheEmitters reads the source of each generator's package
// and checks that every marker whose value type it names counts it among
// its readers: a run of that generator alone then reports the marker's
// problems, rather than dropping a marker it reads without a word.
func TestReadersKnowTheEmitters(t *testing.T) {
	byType := map[string][]Definition{}
	for _, d := range DefaultDefinitions() {
		if name := argsName(d.Args); name != "" {
			byType[name] = append(byType[name], d)
		}
	}
	for dir, gen := range map[string]string{
		"schemagen": "crd", "convgen": "conversion", "deepcopy": "object",
		"rbac": "rbac", "webhook": "webhook", "applyconfig": "applyconfiguration",
	} {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files: %v", dir, err)
		}
		seen := 0
		for _, file := range files {
			// schemagen's table of meanings has a row for every marker,
			// those it does nothing with included.
			if strings.HasSuffix(file, "_test.go") || file == filepath.Join("..", "schemagen", "meanings.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, isIdent := sel.X.(*ast.Ident); !isIdent || x.Name != "markers" {
					return true
				}
				for _, d := range byType[sel.Sel.Name] {
					seen++
					if !d.ReadBy([]string{gen}) {
						t.Errorf("%s names markers.%s, but +%s is read by %v only", file, sel.Sel.Name, d.Name, d.Readers)
					}
				}
				return true
			})
		}
		if seen == 0 {
			t.Errorf("%s names no marker's value type: the test reads the wrong files", dir)
		}
	}
	// The generators' own markers are theirs alone.
	for _, name := range []string{"kubebuilder:rbac", "kubebuilder:webhook", "kubebuilder:object:generate", "kubebuilder:validation:Maximum"} {
		var d *Definition
		for _, def := range DefaultDefinitions() {
			if def.Name == name {
				d = &def
				break
			}
		}
		if d == nil || d.ReadBy([]string{"crd", "conversion"}) == (name != "kubebuilder:validation:Maximum") {
			t.Errorf("+%s: readers %v", name, d.Readers)
		}
	}
}
