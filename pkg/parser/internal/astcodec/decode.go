package astcodec

import (
	"encoding/binary"
	"errors"
	"go/ast"
	"go/token"
	"strings"
)

// errDamaged is returned for a record that does not read back whole.
var errDamaged = errors.New("damaged syntax record")

// decoder reads a record. Strings are slices of one copy of the record.
type decoder struct {
	s    string
	at   int
	base int
	size int
	err  error
	// groups are the file's comment groups, by index plus one.
	groups []*ast.CommentGroup
	// The nodes of the most frequent kinds, allocated together.
	identSlab   []ast.Ident
	litSlab     []ast.BasicLit
	fieldSlab   []ast.Field
	commentSlab []ast.Comment
	imports     []*ast.ImportSpec
}

// Decode adds the file a record holds to fset and returns its tree. The
// tree's names, literals and comments are slices of data.
func Decode(fset *token.FileSet, data string) (*ast.File, error) {
	d := &decoder{s: data}
	if !strings.HasPrefix(d.s, magic) {
		return nil, errDamaged
	}
	d.at = len(magic)
	name := d.str()
	d.size = d.uint()
	lines := make([]int, d.count(d.size+1))
	prev := 0
	for i := range lines {
		prev += d.uint()
		lines[i] = prev
	}
	var n counts
	if len(d.s)-d.at < countsSize {
		d.fail()
	} else {
		for _, c := range []*int{&n.idents, &n.lits, &n.fields, &n.comments, &n.groups} {
			*c = int(binary.LittleEndian.Uint32([]byte(d.s[d.at : d.at+4])))
			d.at += 4
			if *c > len(d.s) {
				d.fail()
				break
			}
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	tf := fset.AddFile(name, -1, d.size)
	if !tf.SetLines(lines) {
		return nil, errDamaged
	}
	d.base = tf.Base()
	d.identSlab = make([]ast.Ident, n.idents)
	d.litSlab = make([]ast.BasicLit, n.lits)
	d.fieldSlab = make([]ast.Field, n.fields)
	d.commentSlab = make([]ast.Comment, n.comments)
	f := d.tree()
	if d.err == nil && (d.at != len(d.s) || len(d.identSlab)+len(d.litSlab)+len(d.fieldSlab)+len(d.commentSlab) > 0) {
		d.err = errDamaged
	}
	if d.err != nil {
		return nil, d.err
	}
	return f, nil
}

func (d *decoder) tree() *ast.File {
	f := &ast.File{}
	f.Comments = make([]*ast.CommentGroup, d.count(len(d.s)))
	d.groups = make([]*ast.CommentGroup, len(f.Comments)+1)
	slab := make([]ast.CommentGroup, len(f.Comments))
	for i := range f.Comments {
		g := &slab[i]
		g.List = make([]*ast.Comment, d.count(len(d.s)))
		for j := range g.List {
			c := d.comment()
			c.Slash = d.pos()
			c.Text = d.str()
			g.List[j] = c
		}
		f.Comments[i] = g
		d.groups[i+1] = g
	}
	f.Doc = d.group()
	f.Package = d.pos()
	f.Name = d.ident()
	f.FileStart = d.pos()
	f.FileEnd = d.pos()
	f.GoVersion = d.str()
	f.Decls = make([]ast.Decl, d.count(len(d.s)))
	for i := range f.Decls {
		f.Decls[i] = d.decl()
	}
	if n := d.uint(); n != len(d.imports) {
		d.fail()
	}
	f.Imports = d.imports
	if len(f.Comments) == 0 {
		f.Comments = nil
	}
	if len(f.Decls) == 0 {
		f.Decls = nil
	}
	return f
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = errDamaged
	}
	d.at = len(d.s)
}

func (d *decoder) byte() byte {
	if d.at >= len(d.s) {
		d.fail()
		return 0
	}
	b := d.s[d.at]
	d.at++
	return b
}

func (d *decoder) uint() int {
	var x uint64
	for shift := uint(0); shift < 64; shift += 7 {
		b := d.byte()
		x |= uint64(b&0x7f) << shift
		if b < 0x80 {
			if x > 1<<40 {
				d.fail()
				return 0
			}
			return int(x)
		}
	}
	d.fail()
	return 0
}

// count reads a length no larger than limit.
func (d *decoder) count(limit int) int {
	n := d.uint()
	if n > limit {
		d.fail()
		return 0
	}
	return n
}

func (d *decoder) bool() bool {
	switch d.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	d.fail()
	return false
}

func (d *decoder) str() string {
	n := d.uint()
	if n > len(d.s)-d.at {
		d.fail()
		return ""
	}
	s := d.s[d.at : d.at+n]
	d.at += n
	return s
}

func (d *decoder) pos() token.Pos {
	n := d.uint()
	if n == 0 {
		return token.NoPos
	}
	if n > d.size+1 {
		d.fail()
		return token.NoPos
	}
	return token.Pos(d.base + n - 1)
}

func (d *decoder) tok() token.Token { return token.Token(d.uint()) }

func (d *decoder) group() *ast.CommentGroup {
	i := d.uint()
	if i >= len(d.groups) {
		d.fail()
		return nil
	}
	return d.groups[i]
}

// The slab allocators: a record that holds more nodes of a kind than its
// header says is damaged.

func (d *decoder) comment() *ast.Comment {
	if len(d.commentSlab) == 0 {
		d.fail()
		return &ast.Comment{}
	}
	c := &d.commentSlab[0]
	d.commentSlab = d.commentSlab[1:]
	return c
}

func (d *decoder) ident() *ast.Ident {
	switch d.byte() {
	case tagNil:
		return nil
	case tagIdent:
		return d.identBody()
	}
	d.fail()
	return nil
}

func (d *decoder) identBody() *ast.Ident {
	if len(d.identSlab) == 0 {
		d.fail()
		return &ast.Ident{}
	}
	id := &d.identSlab[0]
	d.identSlab = d.identSlab[1:]
	id.NamePos = d.pos()
	id.Name = d.str()
	return id
}

func (d *decoder) idents() []*ast.Ident {
	n := d.count(len(d.s))
	if n == 0 {
		return nil
	}
	list := make([]*ast.Ident, n)
	for i := range list {
		if list[i] = d.ident(); list[i] == nil {
			d.fail()
		}
	}
	return list
}

func (d *decoder) lit() *ast.BasicLit {
	switch d.byte() {
	case tagNil:
		return nil
	case tagBasicLit:
		return d.litBody()
	}
	d.fail()
	return nil
}

func (d *decoder) litBody() *ast.BasicLit {
	if len(d.litSlab) == 0 {
		d.fail()
		return &ast.BasicLit{}
	}
	x := &d.litSlab[0]
	d.litSlab = d.litSlab[1:]
	x.ValuePos = d.pos()
	x.ValueEnd = d.pos()
	x.Kind = d.tok()
	x.Value = d.str()
	return x
}

func (d *decoder) fieldList() *ast.FieldList {
	switch d.uint() {
	case 0:
		return nil
	case 1:
	default:
		d.fail()
		return nil
	}
	l := &ast.FieldList{Opening: d.pos()}
	if n := d.count(len(d.s)); n > 0 {
		l.List = make([]*ast.Field, n)
		for i := range l.List {
			if len(d.fieldSlab) == 0 {
				d.fail()
				return l
			}
			f := &d.fieldSlab[0]
			d.fieldSlab = d.fieldSlab[1:]
			f.Doc = d.group()
			f.Names = d.idents()
			f.Type = d.expr()
			f.Tag = d.lit()
			f.Comment = d.group()
			l.List[i] = f
		}
	}
	l.Closing = d.pos()
	return l
}

func (d *decoder) block() *ast.BlockStmt {
	switch d.uint() {
	case 0:
		return nil
	case 1:
		return &ast.BlockStmt{Lbrace: d.pos(), Rbrace: d.pos()}
	}
	d.fail()
	return nil
}

func (d *decoder) funcType() *ast.FuncType {
	switch d.byte() {
	case tagNil:
		return nil
	case tagFuncType:
		return d.funcTypeBody()
	}
	d.fail()
	return nil
}

func (d *decoder) funcTypeBody() *ast.FuncType {
	return &ast.FuncType{Func: d.pos(), TypeParams: d.fieldList(), Params: d.fieldList(), Results: d.fieldList()}
}

func (d *decoder) decl() ast.Decl {
	switch d.byte() {
	case tagGenDecl:
		g := &ast.GenDecl{Doc: d.group(), TokPos: d.pos(), Tok: d.tok(), Lparen: d.pos()}
		if n := d.count(len(d.s)); n > 0 {
			g.Specs = make([]ast.Spec, n)
			for i := range g.Specs {
				g.Specs[i] = d.spec()
			}
		}
		g.Rparen = d.pos()
		return g
	case tagFuncDecl:
		return &ast.FuncDecl{Doc: d.group(), Recv: d.fieldList(), Name: d.ident(), Type: d.funcType(), Body: d.block()}
	}
	d.fail()
	return &ast.BadDecl{}
}

func (d *decoder) spec() ast.Spec {
	switch d.byte() {
	case tagImportSpec:
		s := &ast.ImportSpec{Doc: d.group(), Name: d.ident(), Path: d.lit(), Comment: d.group(), EndPos: d.pos()}
		d.imports = append(d.imports, s)
		return s
	case tagValueSpec:
		return &ast.ValueSpec{Doc: d.group(), Names: d.idents(), Type: d.expr(), Values: d.exprs(), Comment: d.group()}
	case tagTypeSpec:
		return &ast.TypeSpec{Doc: d.group(), Name: d.ident(), TypeParams: d.fieldList(), Assign: d.pos(), Type: d.expr(), Comment: d.group()}
	}
	d.fail()
	return &ast.ImportSpec{}
}

func (d *decoder) exprs() []ast.Expr {
	n := d.count(len(d.s))
	if n == 0 {
		return nil
	}
	list := make([]ast.Expr, n)
	for i := range list {
		list[i] = d.expr()
	}
	return list
}
