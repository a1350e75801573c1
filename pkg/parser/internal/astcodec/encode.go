package astcodec

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// ErrUnsupported is returned for a file the codec does not hold.
var ErrUnsupported = errors.New("syntax the codec does not hold")

// magic opens every record; a new layout takes a new one.
const magic = "crdgen-ast-1\n"

// Node tags. nil is 0.
const (
	tagNil byte = iota
	tagIdent
	tagBasicLit
	tagCompositeLit
	tagFuncLit
	tagParenExpr
	tagSelectorExpr
	tagIndexExpr
	tagIndexListExpr
	tagSliceExpr
	tagTypeAssertExpr
	tagCallExpr
	tagStarExpr
	tagUnaryExpr
	tagBinaryExpr
	tagKeyValueExpr
	tagArrayType
	tagStructType
	tagFuncType
	tagInterfaceType
	tagMapType
	tagChanType
	tagEllipsis
	tagGenDecl
	tagFuncDecl
	tagImportSpec
	tagValueSpec
	tagTypeSpec
)

// counts are the nodes of the most frequent kinds, which Decode allocates
// in one slice each.
type counts struct {
	idents, lits, fields, comments, groups int
}

// encoder writes a tree. Positions are offsets in the file plus one (0 is
// no position).
type encoder struct {
	buf    []byte
	base   int
	groups []*ast.CommentGroup
	n      counts
	err    error
}

// countsSize is the room the header keeps for the counts, filled in once
// the tree is written: five 32-bit numbers.
const countsSize = 5 * 4

// Encode writes f, which fset holds, as a record Decode reads back.
func Encode(fset *token.FileSet, f *ast.File) ([]byte, error) {
	tf := fset.File(f.FileStart)
	if tf == nil || f.Scope != nil || len(f.Unresolved) > 0 {
		return nil, ErrUnsupported
	}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//line ") || strings.HasPrefix(c.Text, "/*line ") {
				return nil, ErrUnsupported // a line directive changes positions
			}
		}
	}
	// What is written is about as long as the file (its comments and names
	// are most of both): one buffer of that size, grown rarely.
	e := &encoder{buf: make([]byte, 0, tf.Size()+tf.Size()/4+256), base: tf.Base(), groups: f.Comments}
	e.buf = append(e.buf, magic...)
	e.str(tf.Name())
	e.uint(tf.Size())
	lines := tf.Lines()
	e.uint(len(lines))
	prev := 0
	for _, l := range lines {
		e.uint(l - prev)
		prev = l
	}
	at := len(e.buf)
	e.buf = append(e.buf, make([]byte, countsSize)...)
	e.tree(f)
	if e.err != nil {
		return nil, e.err
	}
	for i, n := range []int{e.n.idents, e.n.lits, e.n.fields, e.n.comments, e.n.groups} {
		binary.LittleEndian.PutUint32(e.buf[at+4*i:], uint32(n))
	}
	return e.buf, nil
}

func (e *encoder) tree(f *ast.File) {
	e.uint(len(f.Comments))
	for _, g := range f.Comments {
		e.n.groups++
		e.uint(len(g.List))
		for _, c := range g.List {
			e.n.comments++
			e.pos(c.Slash)
			e.str(c.Text)
		}
	}
	e.group(f.Doc)
	e.pos(f.Package)
	e.ident(f.Name)
	e.pos(f.FileStart)
	e.pos(f.FileEnd)
	e.str(f.GoVersion)
	e.uint(len(f.Decls))
	for _, d := range f.Decls {
		e.decl(d)
	}
	e.uint(len(f.Imports))
}

func (e *encoder) uint(n int) { e.buf = binary.AppendUvarint(e.buf, uint64(n)) }

func (e *encoder) bool(b bool) {
	if b {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

func (e *encoder) str(s string) {
	e.uint(len(s))
	e.buf = append(e.buf, s...)
}

func (e *encoder) pos(p token.Pos) {
	if !p.IsValid() {
		e.uint(0)
		return
	}
	e.uint(int(p) - e.base + 1)
}

func (e *encoder) tok(t token.Token) { e.uint(int(t)) }

func (e *encoder) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("%w: "+format, append([]any{ErrUnsupported}, args...)...)
	}
}

// group writes a comment group as its index in the file's list plus one,
// found by its position (the list is in lexical order).
func (e *encoder) group(g *ast.CommentGroup) {
	if g == nil {
		e.uint(0)
		return
	}
	i, _ := slices.BinarySearchFunc(e.groups, g.Pos(), func(c *ast.CommentGroup, p token.Pos) int { return cmp.Compare(c.Pos(), p) })
	if i == len(e.groups) || e.groups[i] != g {
		e.fail("a comment group not in the file's list")
	}
	e.uint(i + 1)
}

func (e *encoder) ident(id *ast.Ident) {
	if id == nil {
		e.buf = append(e.buf, tagNil)
		return
	}
	if id.Obj != nil {
		e.fail("a resolved identifier")
	}
	e.n.idents++
	e.buf = append(e.buf, tagIdent)
	e.pos(id.NamePos)
	e.str(id.Name)
}

func (e *encoder) idents(list []*ast.Ident) {
	e.uint(len(list))
	for _, id := range list {
		e.ident(id)
	}
}

func (e *encoder) lit(x *ast.BasicLit) {
	if x == nil {
		e.buf = append(e.buf, tagNil)
		return
	}
	e.n.lits++
	e.buf = append(e.buf, tagBasicLit)
	e.pos(x.ValuePos)
	e.pos(x.ValueEnd)
	e.tok(x.Kind)
	e.str(x.Value)
}

func (e *encoder) exprs(list []ast.Expr) {
	e.uint(len(list))
	for _, x := range list {
		e.expr(x)
	}
}

// fieldList writes a field list, nil as 0 and a list as 1.
func (e *encoder) fieldList(l *ast.FieldList) {
	if l == nil {
		e.uint(0)
		return
	}
	e.uint(1)
	e.pos(l.Opening)
	e.uint(len(l.List))
	for _, f := range l.List {
		e.n.fields++
		e.group(f.Doc)
		e.idents(f.Names)
		e.expr(f.Type)
		e.lit(f.Tag)
		e.group(f.Comment)
	}
	e.pos(l.Closing)
}

// block writes a function body, which must be empty: the codec holds
// declarations, and bodies are blanked before parsing.
func (e *encoder) block(b *ast.BlockStmt) {
	if b == nil {
		e.uint(0)
		return
	}
	if len(b.List) > 0 {
		e.fail("a function body with statements")
	}
	e.uint(1)
	e.pos(b.Lbrace)
	e.pos(b.Rbrace)
}

func (e *encoder) funcType(t *ast.FuncType) {
	if t == nil {
		e.buf = append(e.buf, tagNil)
		return
	}
	e.buf = append(e.buf, tagFuncType)
	e.pos(t.Func)
	e.fieldList(t.TypeParams)
	e.fieldList(t.Params)
	e.fieldList(t.Results)
}

func (e *encoder) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.GenDecl:
		e.buf = append(e.buf, tagGenDecl)
		e.group(d.Doc)
		e.pos(d.TokPos)
		e.tok(d.Tok)
		e.pos(d.Lparen)
		e.uint(len(d.Specs))
		for _, s := range d.Specs {
			e.spec(s)
		}
		e.pos(d.Rparen)
	case *ast.FuncDecl:
		e.buf = append(e.buf, tagFuncDecl)
		e.group(d.Doc)
		e.fieldList(d.Recv)
		e.ident(d.Name)
		e.funcType(d.Type)
		e.block(d.Body)
	default:
		e.fail("declaration %T", d)
	}
}

func (e *encoder) spec(s ast.Spec) {
	switch s := s.(type) {
	case *ast.ImportSpec:
		e.buf = append(e.buf, tagImportSpec)
		e.group(s.Doc)
		e.ident(s.Name)
		e.lit(s.Path)
		e.group(s.Comment)
		e.pos(s.EndPos)
	case *ast.ValueSpec:
		e.buf = append(e.buf, tagValueSpec)
		e.group(s.Doc)
		e.idents(s.Names)
		e.expr(s.Type)
		e.exprs(s.Values)
		e.group(s.Comment)
	case *ast.TypeSpec:
		e.buf = append(e.buf, tagTypeSpec)
		e.group(s.Doc)
		e.ident(s.Name)
		e.fieldList(s.TypeParams)
		e.pos(s.Assign)
		e.expr(s.Type)
		e.group(s.Comment)
	default:
		e.fail("spec %T", s)
	}
}
