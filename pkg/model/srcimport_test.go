package model

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// TestImportsUsedOnlyInBodiesAreNotRead checks that the importer reads a
// dependency only when a declaration names it: an import used in function
// bodies alone (fmt, html/template) costs nothing.
func TestImportsUsedOnlyInBodiesAreNotRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, []byte(text), 0o644)
		return path
	}
	bodyOnly := write("body/b.go", "package body\n\nfunc F() int { return 1 }\n")
	declared := write("decl/d.go", "package decl\n\n// T is a type.\ntype T struct{ N int }\n")
	fset := token.NewFileSet()
	api, err := parser.ParseFile(fset, "api.go", `package api

import (
	"example.com/body"
	"example.com/decl"
)

type A struct{ T decl.T }

func G() int { return body.F() }
`, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	si := newSrcImporter(fset, nil, map[string]*listedPkg{
		"example.com/body": {ImportPath: "example.com/body", Name: "body", Dir: filepath.Dir(bodyOnly), GoFiles: []string{bodyOnly}},
		"example.com/decl": {ImportPath: "example.com/decl", Name: "decl", Dir: filepath.Dir(declared), GoFiles: []string{declared}},
	})
	si.want(api)
	for _, path := range []string{"example.com/body", "example.com/decl"} {
		if _, err := si.Import(path); err != nil {
			t.Fatal(err)
		}
	}
	if si.pkgs["example.com/body"].read {
		t.Error("a package used only in function bodies was read")
	}
	if !si.pkgs["example.com/decl"].read || si.pkgs["example.com/decl"].tpkg.Scope().Lookup("T") == nil {
		t.Error("a package a declaration names was not read")
	}
}
