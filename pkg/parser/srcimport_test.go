package parser

import (
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestImportsUsedOnlyInBodiesAreNotRead checks that the importer reads a
// dependency only when a declaration names it: an import used in function
// bodies alone (fmt, html/template) costs nothing.
func TestImportsUsedOnlyInBodiesAreNotRead(t *testing.T) {
	si, _ := importerOver(t, map[string]string{
		"body/b.go": "package body\n\nfunc F() int { return 1 }\n",
		"decl/d.go": "package decl\n\n// T is a type.\ntype T struct{ N int }\n",
	}, `package api

import (
	"example.com/body"
	"example.com/decl"
)

type A struct{ T decl.T }

func G() int { return body.F() }
`)
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

// importerOver writes packages example.com/<dir> from files (by path,
// "dir/file.go") into a temporary directory, and returns an importer that
// lists them, after it recorded the names the API file api uses, and the
// directory.
func importerOver(t *testing.T, files map[string]string, api string) (*srcImporter, string) {
	t.Helper()
	root := t.TempDir()
	listed := map[string]*listedPkg{}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		dir := filepath.Dir(name)
		imp := "example.com/" + dir
		if listed[imp] == nil {
			listed[imp] = &listedPkg{ImportPath: imp, Name: filepath.Base(dir), Dir: filepath.Dir(path)}
		}
		listed[imp].GoFiles = append(listed[imp].GoFiles, path)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "api.go", api, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	si := newSrcImporter(fset, nil, listed)
	si.want(f)
	return si, root
}
