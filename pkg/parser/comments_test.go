package parser

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	_ "github.com/crdgen/crdgen/internal/golden"
)

// attached parses src and returns the markers that attach to the package and
// to each type and field, by name.
func attached(t *testing.T, src string) map[string][]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	isType := func(s string) bool { return strings.HasPrefix(s, "+type") }
	isPkg := func(s string) bool { return strings.HasPrefix(s, "+pkg") }
	fm := associate(f, isType, isPkg)
	out := map[string][]string{}
	add := func(key string, ms []rawMarker) {
		for _, m := range ms {
			text, _ := m.text()
			out[key] = append(out[key], text)
		}
	}
	add("package", fm.pkg)
	add("ignored", fm.ignored)
	for node, ms := range fm.nodes {
		switch n := node.(type) {
		case *ast.TypeSpec:
			add("type "+n.Name.Name, ms)
		case *ast.Field:
			add("field "+n.Names[0].Name, ms)
		}
	}
	return out
}

func TestAssociate(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want map[string][]string
	}{
		{"package doc and free-standing groups", `
// +pkg:doc
package x

// +pkg:free

// +pkg:last
`, map[string][]string{"package": {"+pkg:doc", "+pkg:free", "+pkg:last"}}},
		{"type doc and the group above it", `package x

// +type:far

// +type:near

// T is a type.
// +type:doc
type T struct{}
`, map[string][]string{"package": {"+type:far"}, "type T": {"+type:near", "+type:doc"}}},
		{"a package-only marker above a type moves to the package", `package x

// +pkg:above

// T is a type.
type T struct{}
`, map[string][]string{"package": {"+pkg:above"}}},
		{"but stays on the type when it is in the doc", `package x

// T is a type.
// +pkg:indoc
type T struct{}
`, map[string][]string{"type T": {"+pkg:indoc"}}},
		{"fields take their doc and the nearest group", `package x

type T struct {
	// +f:a
	A int

	// +f:near

	// B doc.
	// +f:b
	B int
	C int // +f:trailing
}
`, map[string][]string{"field A": {"+f:a"}, "field B": {"+f:near", "+f:b"}}},
		{"grouped type declarations: the spec's own doc; the group's doc attaches to nothing", `package x

// +pkg:above

// +pkg:group
type (
	// U doc.
	// +type:u
	U int
)
`, map[string][]string{"package": {"+pkg:above"}, "ignored": {"+pkg:group"}, "type U": {"+type:u"}}},
		{"func and var docs attach to nothing", `package x

// F doc.
// +f:func
func F() {}

// V doc.
// +f:var
var V int
`, map[string][]string{"ignored": {"+f:func", "+f:var"}}},
		{"block comments carry no markers", `package x

/*
+type:block
*/
type T struct{}
`, map[string][]string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := attached(t, tc.src)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDocText(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"markers removed", "// A thing.\n// +kubebuilder:validation:Maximum=3\n", "A thing."},
		{"paragraphs kept", "// One.\n//\n// Two.\n", "One.\n\nTwo."},
		{"TODO lines dropped", "// One.\n// TODO: fix\n// Two.\n", "One.\nTwo."},
		{"cut at ---", "// One.\n// ---\n// Hidden.\n", "One."},
		{"code blocks keep TODO and ---", "// ```\n// TODO x\n// ---\n// ```\n", "```\nTODO x\n---\n```"},
		{"directives dropped", "// One.\n//nolint:lll\n", "One."},
		{"only markers", "// +optional\n", ""},
		{"block comment lines trimmed", "/*\n   One\n   two.\n*/\n", "One\ntwo."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\n\n"+tc.src+"type T int\n", parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			gd := f.Decls[0].(*ast.GenDecl)
			if got := docText(gd.Doc); got != tc.want {
				t.Errorf("docText = %q, want %q", got, tc.want)
			}
		})
	}
}

// Package-only markers above several types move to the package in source
// order, in every run: they went in the order of a map, so that a package's
// markers (and the build keys that hash them) changed from run to run.
func TestMovedPackageMarkersKeepSourceOrder(t *testing.T) {
	var src strings.Builder
	src.WriteString("package x\n")
	var want []string
	for i := range 8 {
		fmt.Fprintf(&src, "\n// +pkg:above%d\n\n// T%d is a type.\ntype T%d struct{}\n", i, i, i)
		want = append(want, fmt.Sprintf("+pkg:above%d", i))
	}
	for range 20 {
		if got := attached(t, src.String())["package"]; !reflect.DeepEqual(got, want) {
			t.Fatalf("package markers %v, want %v", got, want)
		}
	}
}
