package model

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestStripBodies(t *testing.T) {
	src := `package p

// T is a type.
type T struct {
	// A is a field.
	A int ` + "`json:\"a\"`" + `
}

func (t *T) M() interface{ N() } {
	if t.A > 0 { return nil }
	return nil
}

func F(x struct{ B int }) (y []func() int) {
	// inside
	return nil
}

func asm(x int) int

var v = func() int { return 1 }

// U is another type.
type U map[string]T
`
	got := stripBodies([]byte(src))
	if len(got) != len(src) {
		t.Fatalf("length changed: %d, want %d", len(got), len(src))
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", got, parser.ParseComments)
	if err != nil {
		t.Fatalf("stripped source does not parse: %v\n%s", err, got)
	}
	want := []string{"T", "M", "F", "asm", "v", "U"}
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			names = append(names, d.Name.Name)
			if d.Body != nil && len(d.Body.List) > 0 {
				t.Errorf("%s still has a body", d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					names = append(names, s.Names[0].Name)
				}
			}
		}
	}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("declarations %v, want %v", names, want)
	}
	// Positions of what is left do not move.
	orig, _ := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
	if f.Decls[len(f.Decls)-1].Pos() != orig.Decls[len(orig.Decls)-1].Pos() {
		t.Errorf("the last declaration moved")
	}
	if len(f.Comments) != 3 {
		t.Errorf("%d comment groups, want the 3 outside bodies", len(f.Comments))
	}
}
