package parser

// This file implements the syntax side of a package: its files, the type
// declarations by name, and its marker comments. API packages bring their
// files from the load; a dependency's files are parsed on first use, and
// only for the doc comments and markers of the types a schema reaches.

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/build"
	"go/parser"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"

	"github.com/crdgen/crdgen/pkg/model"
)

// pkgSyntax indexes one package's syntax.
type pkgSyntax struct {
	// pkg and tpkg are the package the syntax belongs to.
	pkg   *model.Package
	tpkg  *types.Package
	dir   string
	files []*ast.File
	specs map[string]specRef
	// nodes and pkg hold marker comments as associate found them.
	nodes      map[ast.Node][]rawMarker
	pkgMarkers []rawMarker
	ignored    []rawMarker
	// pending are generated files, and files that give nothing (skim.go),
	// not parsed yet; they are read only when a type is not found in the
	// others.
	pending []string
	// deepCopyObjects are the types the API package's generated files,
	// which the load leaves out, give a DeepCopyObject method;
	// deepCopyIntos those they give a DeepCopyInto.
	deepCopyObjects map[string]bool
	deepCopyIntos   map[string]bool
	// commentEnds indexes each file's comment groups by the line they end
	// on (comments.go's gengoComments), built on first use.
	commentEnds map[*ast.File]map[int]*ast.CommentGroup
}

// specRef is a type declaration and the file it is in.
type specRef struct {
	spec *ast.TypeSpec
	decl *ast.GenDecl
	file *ast.File
}

func newPkgSyntax(dir string) *pkgSyntax {
	return &pkgSyntax{dir: dir, specs: map[string]specRef{}, nodes: map[ast.Node][]rawMarker{}}
}

// add indexes a parsed file.
func (s *pkgSyntax) add(f *ast.File, isTypeMarker, isPackageMarker func(string) bool) {
	s.files = append(s.files, f)
	fm := associate(f, isTypeMarker, isPackageMarker)
	s.pkgMarkers = append(s.pkgMarkers, fm.pkg...)
	s.ignored = append(s.ignored, fm.ignored...)
	for n, ms := range fm.nodes {
		s.nodes[n] = ms
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, sp := range gd.Specs {
			if ts, ok := sp.(*ast.TypeSpec); ok {
				s.specs[ts.Name.Name] = specRef{spec: ts, decl: gd, file: f}
			}
		}
	}
}

// depSyntax parses a dependency package's non-generated files in dir.
func (b *builder) depSyntax(dir string) *pkgSyntax {
	if s, ok := b.depFiles[dir]; ok {
		return s
	}
	s := newPkgSyntax(dir)
	b.depFiles[dir] = s
	entries, err := os.ReadDir(dir)
	if err != nil {
		return s
	}
	// Dependencies are read as a normal build reads them: no extra tags.
	ctx := build.Default
	var names []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		src, err := b.readFile(path)
		if err != nil {
			continue
		}
		if isGeneratedSource(src) || givesNothing(src) {
			s.pending = append(s.pending, path)
			continue
		}
		b.parseInto(s, path, src)
	}
	return s
}

// parseMore parses the generated files held back, for a type not found in
// the hand-written ones.
func (b *builder) parseMore(s *pkgSyntax) {
	pending := s.pending
	s.pending = nil
	for _, path := range pending {
		if src, err := b.readFile(path); err == nil {
			b.parseInto(s, path, src)
		}
	}
}

func (b *builder) readFile(path string) ([]byte, error) {
	if src, ok := b.l.opts.Overlay[path]; ok {
		return src, nil
	}
	return safefile.Read(path)
}

func (b *builder) parseInto(s *pkgSyntax, path string, src []byte) {
	f, err := parser.ParseFile(b.l.fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil || err != nil && len(f.Decls) == 0 {
		return
	}
	s.add(f, b.isTypeMarker, b.isPackageMarker)
}

// isGeneratedSource reports whether a file carries the standard
// "// Code generated ... DO NOT EDIT." line before its package clause.
func isGeneratedSource(src []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "package ") {
			return false
		}
		if strings.HasPrefix(line, "// Code generated ") && strings.HasSuffix(line, " DO NOT EDIT.") {
			return true
		}
	}
	return false
}
