package parser

import (
	"go/types"
	"maps"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestGivesNothing(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		nothing   bool
	}{
		{"functions and variables", "package p\n\nvar m = map[string]string{\"\": \"type T is a type\"}\n\nfunc (T) SwaggerDoc() map[string]string { return m }\n", true},
		{"keywords in bodies, comments and strings", "package p\n\n// type T int, const C\nfunc F(x any) { switch x.(type) {}; const c = 1; type l int }\nvar s = `\ntype T int`\nvar r = '{'\n", true},
		{"a block comment that looks like a marker", "package p\n\n/* +kubebuilder:validation:Optional */\nfunc F() {}\n", true},
		{"a type", "package p\n\ntype T int\n", false},
		{"a type group", "package p\n\ntype (\n\tT int\n)\n", false},
		{"a constant", "package p\n\nconst C = 1\n", false},
		{"a constant group", "package p\n\nconst (\n\tC = iota\n)\n", false},
		{"a type after a semicolon", "package p\n\nvar v = 1; type T int\n", false},
		{"a package marker", "// +groupName=example.com\npackage p\n", false},
		{"a marker after blanks", "package p\n\n//\t +kubebuilder:object:generate=true\n", false},
		{"a marker in a body", "package p\n\nfunc F() {\n\t// +optional\n}\n", false},
		{"a method the importer reads", "package p\n\nfunc (t *T) MarshalJSON() ([]byte, error) { return nil, nil }\n", false},
		{"a deep copy", "package p\n\nfunc (in *T) DeepCopyInto(out *T) {}\n", false},
		{"an identifier that starts with a keyword", "package p\n\nvar typed, constant = 1, 2\n", true},
	} {
		if got := givesNothing([]byte(tc.src)); got != tc.nothing {
			t.Errorf("%s: givesNothing = %v, want %v", tc.name, got, tc.nothing)
		}
	}
}

// TestFilesThatGiveNothingAreNotParsed checks that a dependency's file of
// functions and documentation strings is held back, and parsed when a name
// is not found elsewhere.
func TestFilesThatGiveNothingAreNotParsed(t *testing.T) {
	si, root := importerOver(t, map[string]string{
		"dep/types.go": "package dep\n\n// T is a type.\ntype T struct{ N int }\n",
		"dep/docs.go":  "package dep\n\nvar mapT = map[string]string{\"n\": \"type of n\"}\n\nfunc (T) SwaggerDoc() map[string]string { return mapT }\n",
	}, "package api\n\nimport \"example.com/dep\"\n\ntype A struct{ T dep.T }\n")
	if _, err := si.Import("example.com/dep"); err != nil {
		t.Fatal(err)
	}
	docs := filepath.Join(root, "dep", "docs.go")
	p := si.pkgs["example.com/dep"]
	if len(p.files) != 1 || len(p.pending) != 1 || p.pending[0] != docs {
		t.Fatalf("parsed %d files, held back %v; want types.go parsed, docs.go held back", len(p.files), p.pending)
	}
	if p.tpkg.Scope().Lookup("T") == nil {
		t.Fatal("T was not built")
	}
	// A name the parsed files do not declare parses what was held back.
	si.object(p, "mapT")
	if len(p.files) != 2 || len(p.pending) != 0 {
		t.Errorf("after a name not found: parsed %d files, held back %v", len(p.files), p.pending)
	}
}

// TestScanDeepCopiesAsTheExpressionDid checks the byte scanner against the
// regular expression it replaced, on lines that match it and lines that
// nearly do.
func TestScanDeepCopiesAsTheExpressionDid(t *testing.T) {
	re := regexp.MustCompile(`(?m)^func \(\w+ \*(\w+)\) DeepCopyInto\(\w+ \*(\w+)\) \{`)
	src := strings.Join([]string{
		"func (in *A) DeepCopyInto(out *A) {",
		"func (in *B) DeepCopyInto(out *B) { // trailing",
		"func (in *C) DeepCopyInto(out *D) {",
		"func (in E) DeepCopyInto(out *E) {",
		" func (in *F) DeepCopyInto(out *F) {",
		"func (in *G) DeepCopyInto(out *G)",
		"func (in *H_1) DeepCopyInto(out *H_1) {\r",
		"func (in  *I) DeepCopyInto(out *I) {",
		"func (in *J) DeepCopyInto(out *J) {}",
		"func (in *K) DeepCopyInto(out *K, x int) {",
		"// func (in *L) DeepCopyInto(out *L) {",
		"func (in *M) DeepCopyInto(out *M) {",
	}, "\n")
	want := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(src, -1) {
		if m[1] == m[2] {
			want[m[1]] = true
		}
	}
	got := map[string]bool{}
	scanDeepCopies([]byte(src), got)
	if !maps.Equal(got, want) {
		t.Errorf("scanDeepCopies found %v, the expression %v", got, want)
	}
	if len(want) < 4 {
		t.Errorf("only %d lines match: the test checks little", len(want))
	}
}

// TestUnexportedFieldTypesAreNotBuilt checks that the importer builds the
// type of a dependency's exported and embedded fields, and not the type of
// an unexported one, whose package is then never read.
func TestUnexportedFieldTypesAreNotBuilt(t *testing.T) {
	si, _ := importerOver(t, map[string]string{
		"hidden/h.go": "package hidden\n\ntype H struct{ N int }\n",
		"shown/s.go":  "package shown\n\ntype S struct{ N int }\n\ntype E struct{ M int }\n",
		"dep/d.go": `package dep

import (
	"example.com/hidden"
	"example.com/shown"
)

type T struct {
	Visible shown.S
	shown.E
	h, i    hidden.H
	Mixed, j shown.S
}
`,
	}, "package api\n\nimport \"example.com/dep\"\n\ntype A struct{ T dep.T }\n")
	tp, err := si.Import("example.com/dep")
	if err != nil {
		t.Fatal(err)
	}
	st := tp.Scope().Lookup("T").Type().Underlying().(*types.Struct)
	want := map[string]string{"Visible": "example.com/shown.S", "E": "example.com/shown.E", "h": "invalid type", "i": "invalid type", "Mixed": "example.com/shown.S", "j": "example.com/shown.S"}
	for i := range st.NumFields() {
		f := st.Field(i)
		if got := f.Type().String(); got != want[f.Name()] {
			t.Errorf("field %s: type %s, want %s", f.Name(), got, want[f.Name()])
		}
	}
	if p := si.pkgs["example.com/hidden"]; p != nil && p.read {
		t.Error("the package of an unexported field's type was read")
	}
}
