package parser

// This file implements reading a dependency package's files for the source
// importer: each file read, classified (generated, giving nothing, or
// parsed with its function bodies blanked) and indexed, or the package
// read back whole from the syntax cache (syntaxcache.go); and what is
// learnt of generated files without parsing them.

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"slices"

	"github.com/crdgen/crdgen/internal/safefile"
)

// readFiles reads and parses p's files, the first time it is asked.
func (si *srcImporter) readFiles(p *srcPkg) {
	if p.read {
		return
	}
	p.read = true
	key := si.syntaxKey(p)
	if key != "" && si.readStored(p, key) {
		return
	}
	var rec *syntaxRecord
	if key != "" {
		rec = &syntaxRecord{key: key}
	}
	for _, file := range p.goFiles {
		src, err := si.read(file)
		if err != nil {
			rec = nil // a file that cannot be read now may be read later
			continue
		}
		if isGeneratedSource(src) {
			p.pending = append(p.pending, file)
			scanDeepCopies(src, p.deepCopied)
			continue
		}
		if givesNothing(src) {
			p.pending = append(p.pending, file)
			continue
		}
		f, err := si.parse(p, file, src)
		rec.keep(f, err)
	}
	// A package whose files changed while they were read (a Go installed
	// over the one running) is not kept: its key would not be what it holds.
	if rec != nil && si.syntaxKey(p) == key {
		rec.pending = slices.Clone(p.pending)
		rec.deepCopied = slices.Sorted(maps.Keys(p.deepCopied))
		si.keepLater(rec)
	}
}

func (si *srcImporter) read(path string) ([]byte, error) {
	if src, ok := si.overlay[path]; ok {
		return src, nil
	}
	return safefile.Read(path)
}

// parse parses a file of p and indexes its declarations. It returns the
// file and the parser's error.
func (si *srcImporter) parse(p *srcPkg, path string, src []byte) (*ast.File, error) {
	f, err := parser.ParseFile(si.fset, path, stripBodies(src), parser.ParseComments|parser.SkipObjectResolution)
	if f == nil || err != nil && len(f.Decls) == 0 {
		return f, err
	}
	si.index(p, f)
	return f, err
}

// index adds a file's declarations to p.
func (si *srcImporter) index(p *srcPkg, f *ast.File) {
	p.files = append(p.files, f)
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			switch d.Tok {
			case token.TYPE:
				for _, sp := range d.Specs {
					ts := sp.(*ast.TypeSpec)
					p.specs[ts.Name.Name] = specRef{spec: ts, decl: d, file: f}
				}
			case token.CONST:
				indexConsts(d, f, p.consts)
			}
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) == 1 && slices.Contains(methodsRead(), d.Name.Name) {
				recv := recvName(d.Recv.List[0].Type)
				p.methods[recv] = append(p.methods[recv], d)
			}
		}
	}
}

// indexConsts records the constants of a const declaration, with the type
// and value each inherits from the spec before it.
func indexConsts(d *ast.GenDecl, f *ast.File, out map[string]constRef) {
	var typ ast.Expr
	var values []ast.Expr
	for i, sp := range d.Specs {
		vs := sp.(*ast.ValueSpec)
		if vs.Type != nil || len(vs.Values) > 0 {
			typ, values = vs.Type, vs.Values
		}
		for j, name := range vs.Names {
			var v ast.Expr
			if j < len(values) {
				v = values[j]
			}
			out[name.Name] = constRef{spec: vs, index: j, typ: typ, value: v, file: f, iota: i}
		}
	}
}

// parsePending parses the generated files held back.
func (si *srcImporter) parsePending(p *srcPkg) {
	pending := p.pending
	p.pending = nil
	for _, path := range pending {
		if src, err := si.read(path); err == nil {
			f, _ := si.parse(p, path, src)
			if f != nil && isGeneratedSource(src) {
				if p.generatedFiles == nil {
					p.generatedFiles = map[*ast.File]bool{}
				}
				p.generatedFiles[f] = true
			}
		}
	}
}

// scanDeepCopies records the types a generated file declares DeepCopyInto
// for, without parsing it (generated deepcopy files are large): the lines
// "func (in *T) DeepCopyInto(out *T) {", found by their middle (a regular
// expression over core/v1's 0.2 MB file was 13 ms of every load).
func scanDeepCopies(src []byte, out map[string]bool) {
	const mid = ") DeepCopyInto("
	for at := 0; ; {
		i := bytes.Index(src[at:], []byte(mid))
		if i < 0 {
			return
		}
		i += at
		at = i + len(mid)
		lineStart := bytes.LastIndexByte(src[:i], '\n') + 1
		lineEnd := indexFrom(src, at, "\n")
		if recv, arg, ok := deepCopyLine(src[lineStart:i], src[at:lineEnd]); ok && recv == arg {
			out[recv] = true
		}
	}
}

// deepCopyLine reads the two halves of a line around ") DeepCopyInto(":
// "func (in *T" and "out *T) {" (anything may follow the brace), with
// single spaces and identifiers, and returns both type names.
func deepCopyLine(before, after []byte) (recv, arg string, ok bool) {
	rest, ok := bytes.CutPrefix(before, []byte("func ("))
	if !ok {
		return "", "", false
	}
	recvVar, recvType, ok := bytes.Cut(rest, []byte(" *"))
	if !ok || !isWord(recvVar) || !isWord(recvType) {
		return "", "", false
	}
	argVar, rest, ok := bytes.Cut(after, []byte(" *"))
	if !ok || !isWord(argVar) {
		return "", "", false
	}
	argType, _, ok := bytes.Cut(rest, []byte(") {"))
	if !ok || !isWord(argType) {
		return "", "", false
	}
	return string(recvType), string(argType), true
}

// isWord reports whether b is one or more ASCII letters, digits or
// underscores, as \w+ matches.
func isWord(b []byte) bool {
	for _, c := range b {
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return len(b) > 0
}
