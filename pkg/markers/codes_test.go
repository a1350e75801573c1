package markers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// TestCodesListsEveryCode checks that Codes has every Code constant of
// codes.go, in their order, so that a new code is accepted by --suppress.
func TestCodesListsEveryCode(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "codes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []Code
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); ok && id.Name == "Code" {
				lit := v.Values[0].(*ast.BasicLit)
				declared = append(declared, Code(lit.Value[1:len(lit.Value)-1]))
			}
		}
	}
	if len(declared) == 0 || !slices.Equal(declared, Codes()) {
		t.Errorf("Codes() = %q, codes.go declares %q", Codes(), declared)
	}
}
