package parser

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strings"
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

// TestStripBodiesAsTokensDo checks stripBodies, which skips bodies byte by
// byte, against the same reading of declarations with bodies tokenized
// (how it found them before) on the Go files of the standard library's go/ and
// net/http trees: every file must come out the same.
func TestStripBodiesAsTokensDo(t *testing.T) {
	var files []string
	for _, dir := range []string{"go", "net/http", "encoding/json", "regexp"} {
		filepath.WalkDir(filepath.Join(runtime.GOROOT(), "src", dir), func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("found %d Go files in GOROOT, want hundreds", len(files))
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := stripBodies(src), stripBodiesByTokens(src); !bytes.Equal(got, want) {
			t.Errorf("%s: stripped differently from the tokenizing version", path)
		}
	}
}

// stripBodiesByTokens is stripBodies with a body's end found by
// tokenizing it, as stripBodies did before it skipped bytes.
func stripBodiesByTokens(src []byte) []byte {
	return stripWith(src, func(src []byte, start int) (int, bool) {
		var s scanner.Scanner
		file := token.NewFileSet().AddFile("", -1, len(src)-start)
		s.Init(file, src[start:], nil, 0)
		for d := 1; ; {
			pos, tok, _ := s.Scan()
			switch tok {
			case token.EOF:
				return 0, false
			case token.LBRACE:
				d++
			case token.RBRACE:
				if d--; d == 0 {
					return start + file.Offset(pos), true
				}
			}
		}
	})
}

// TestStripBodiesKeepsLiteralsAfterFuncTypes checks that a func type
// inside a list (a method's parameter) does not make the next composite
// literal a body: a constant's length depends on it.
func TestStripBodiesKeepsLiteralsAfterFuncTypes(t *testing.T) {
	src := "package p\n\ntype I interface{ M(f func()) error }\n\ntype S struct{ F func(int) (string, error); G int }\n\nvar A = [...]string{\"a\", \"b\"}\n\nvar h = func(x func()) int { return 1 }\n\nconst N = len(A)\n"
	got := string(stripBodies([]byte(src)))
	if !strings.Contains(got, `[...]string{"a", "b"}`) {
		t.Errorf("the array literal after the interface lost its elements:\n%s", got)
	}
	if strings.Contains(got, "return 1") {
		t.Errorf("the func literal's body was kept:\n%s", got)
	}
}

// TestFilesWithoutFuncAreNotScanned checks the shortcut of stripBodies: a
// file without the keyword func is returned as it is, and one is found in
// every place a body can follow it.
func TestFilesWithoutFuncAreNotScanned(t *testing.T) {
	for src, want := range map[string]bool{
		"package p\n// The functionality of funcs.\ntype T struct{ myfunc, funcX int }\n": false,
		"package p\ntype Ω本func int\n":                                                    false,
		"package p\nvar f = func() int { return 1 }()\n":                                  true,
		"package p\nfunc(x int) {}":                                                       true,
		"package p\nfunc":                                                                 true,
		"func F() {}":                                                                     true,
		"package p\ntype T int\nfunc (T) M() {}\n":                                        true,
		"package p\ntype F struct{ f func/**/() }\n":                                      true,
	} {
		if got := hasFuncKeyword([]byte(src)); got != want {
			t.Errorf("hasFuncKeyword(%q) = %v, want %v", src, got, want)
		}
		if !want {
			if got := stripBodiesByTokens([]byte(src)); string(got) != src {
				t.Errorf("%q: the scanning stripper changed a file without func: %q", src, got)
			}
		}
	}
}
