package astcodec

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"testing"
)

// declarations holds every node kind the codec writes, in declarations:
// function bodies are empty, as the importer leaves them.
const declarations = `//go:build linux || darwin

// Package p is documentation.
package p

import (
	"fmt" // line comment
	str "strings"
	_ "embed"
)

import . "errors"

// T is a type.
// +kubebuilder:object:root=true
type T struct {
	// A is a field.
	A, B int ` + "`json:\"a\"`" + ` // trailing
	*Embedded
	C    map[string][]*T
	D    [4]byte
	F    chan<- int
	G    <-chan int
	H    chan int
	I    func(a int, b ...string) (err error)
	J    interface {
		M(x int) string
		fmt.Stringer
		~int | ~string
	}
	K struct{}
	L G[int, string]
	M G2[int]
}

type (
	G[K comparable, V any] struct{ k K; v V }
	G2[T any] = []T
	Alias = int
)

// +enum
type Kind string

const (
	KindA Kind = "a"
	KindB      = KindA + "b"
	X          = iota * 2
	Y
	Z = 'z'
	F = 1.5e3
	I = 2i
	H = 0x7f
	R = ` + "`raw\nstring`" + `
)

var (
	v1        = T{A: 1, B: 2}
	v2        = []int{1, 2, 3}
	v3        = map[string]int{"a": 1}
	v4        = &T{}
	v5        = -X
	v6        = (X + Y) * 2
	v7        = str.ToUpper("a")
	v8        = v2[1:2]
	v9        = v2[1:2:3]
	v10       = any(v1).(T)
	v11       = v2[0]
	v12       = func(x int) int {}
	v13       = fmt.Sprint(v2...)
	v14 int64 = 1 << 3
	v15       = !true
	v16       = G[int, string]{}
	v17       = [...]int{1, 2}
)

func (t *T) DeepCopyInto(out *T) {}

func (T) Value() {}

func Generic[S ~[]E, E any](s S) E {}

func init() {}

/* a block comment */
// +groupName=example.com
`

func parse(t *testing.T, src string) (*token.FileSet, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "/src/p/p.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f
}

// roundTrip encodes a parsed file, decodes it into a fresh file set, and
// requires the same tree, positions and line table.
func roundTrip(t *testing.T, fset *token.FileSet, f *ast.File) []byte {
	t.Helper()
	data, err := Encode(fset, f)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	fset2 := token.NewFileSet()
	got, err := Decode(fset2, string(data))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	requireSame(t, fset, f, fset2, got)
	return data
}

func requireSame(t *testing.T, fset *token.FileSet, want *ast.File, fset2 *token.FileSet, got *ast.File) {
	t.Helper()
	wf, gf := fset.File(want.FileStart), fset2.File(got.FileStart)
	if wf.Name() != gf.Name() || wf.Size() != gf.Size() || wf.Base() != gf.Base() || !reflect.DeepEqual(wf.Lines(), gf.Lines()) {
		t.Fatalf("%s: token.File differs: %s %d %d, %s %d %d", wf.Name(), wf.Name(), wf.Size(), wf.Base(), gf.Name(), gf.Size(), gf.Base())
	}
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("%s: decoded tree differs from the parsed one", wf.Name())
	}
	// Doc and line comments must be the groups of the file's list, as the
	// parser makes them: marker association compares them by identity.
	inList := map[*ast.CommentGroup]bool{}
	for _, g := range got.Comments {
		inList[g] = true
	}
	ast.Inspect(got, func(n ast.Node) bool {
		if g, ok := n.(*ast.CommentGroup); ok && !inList[g] {
			t.Fatalf("%s: comment group at %v is not one of the file's", wf.Name(), fset2.Position(g.Pos()))
		}
		return true
	})
	if len(got.Imports) != len(want.Imports) {
		t.Fatalf("%s: %d imports, want %d", wf.Name(), len(got.Imports), len(want.Imports))
	}
	for i, imp := range got.Imports {
		found := false
		ast.Inspect(got, func(n ast.Node) bool {
			found = found || n == imp
			return !found
		})
		if !found {
			t.Fatalf("%s: import %d is not a spec of the tree", wf.Name(), i)
		}
	}
}

func TestRoundTripEveryNodeKind(t *testing.T) {
	fset, f := parse(t, declarations)
	roundTrip(t, fset, f)

	kinds := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if n != nil {
			kinds[reflect.TypeOf(n).Elem().Name()] = true
		}
		return true
	})
	for _, k := range []string{"Ident", "BasicLit", "CompositeLit", "FuncLit", "ParenExpr", "SelectorExpr", "IndexExpr",
		"IndexListExpr", "SliceExpr", "TypeAssertExpr", "CallExpr", "StarExpr", "UnaryExpr", "BinaryExpr", "KeyValueExpr",
		"ArrayType", "StructType", "FuncType", "InterfaceType", "MapType", "ChanType", "Ellipsis", "GenDecl", "FuncDecl",
		"ImportSpec", "ValueSpec", "TypeSpec", "BlockStmt", "Field", "FieldList", "CommentGroup", "Comment"} {
		if !kinds[k] {
			t.Errorf("the test source has no %s", k)
		}
	}
}

func TestRoundTripIntoAFileSetInUse(t *testing.T) {
	fset, f := parse(t, declarations)
	data, err := Encode(fset, f)
	if err != nil {
		t.Fatal(err)
	}
	// A file set that already holds a file gives the decoded one another
	// base; every position moves with it.
	fset2 := token.NewFileSet()
	fset2.AddFile("other.go", -1, 1000)
	got, err := Decode(fset2, string(data))
	if err != nil {
		t.Fatal(err)
	}
	want := fset.Position(f.Decls[3].Pos())
	if p := fset2.Position(got.Decls[3].Pos()); p != want {
		t.Fatalf("position %v, want %v", p, want)
	}
}

func TestUnsupportedSyntaxIsRefused(t *testing.T) {
	for name, src := range map[string]string{
		"a body with statements": "package p\nfunc f() { return }\n",
		"a line directive":       "package p\n//line other.go:10\ntype T int\n",
		"a bad declaration":      "package p\ntype T struct{ A int\n",
	} {
		fset := token.NewFileSet()
		f, _ := parser.ParseFile(fset, "p.go", src, parser.ParseComments|parser.SkipObjectResolution)
		if f == nil {
			t.Fatalf("%s: no file", name)
		}
		if _, err := Encode(fset, f); !errors.Is(err, ErrUnsupported) && name != "a bad declaration" {
			t.Errorf("%s: Encode gave %v, want ErrUnsupported", name, err)
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\ntype T int\n", parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Encode(fset, f); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a file with object resolution: Encode gave %v, want ErrUnsupported", err)
	}
}

// Every prefix of a record, and every record with a byte changed, decodes
// to an error or, for a change that keeps it well formed, a tree: never a
// panic. (A changed byte can make another valid tree; the cache's checksum
// is what stands between a damaged file and a result.)
func TestDamagedRecordsAreErrors(t *testing.T) {
	fset, f := parse(t, declarations)
	data := roundTrip(t, fset, f)
	for n := 0; n < len(data); n++ {
		if _, err := Decode(token.NewFileSet(), string(data[:n])); err == nil {
			t.Fatalf("a record cut to %d of %d bytes decoded", n, len(data))
		}
	}
	if _, err := Decode(token.NewFileSet(), string(data)+"\x00"); err == nil {
		t.Fatal("a record with a byte after its end decoded")
	}
	for i := range data {
		changed := append([]byte(nil), data...)
		changed[i] ^= 0xff
		Decode(token.NewFileSet(), string(changed))
	}
}
