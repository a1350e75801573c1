package parser

// This file implements the shapes of types in the model: a type
// expression from its go/types type and the syntax that declared it (for
// positions, doc comments and markers), struct fields and their json tags.

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// structSyntax follows a declaration such as "type A pkg.B" to the struct
// syntax that declares the fields, and the package syntax it is in.
func (b *builder) structSyntax(ref specRef, ps *pkgSyntax) (ast.Expr, *pkgSyntax) {
	for range 20 {
		var target *pkgSyntax
		var name string
		switch x := ast.Unparen(ref.spec.Type).(type) {
		case *ast.StructType:
			return x, ps
		case *ast.Ident:
			target, name = ps, x.Name
		case *ast.SelectorExpr:
			pkgIdent, ok := x.X.(*ast.Ident)
			if !ok {
				return nil, ps
			}
			target, name = b.importedSyntax(ps, ref.file, pkgIdent.Name, x.Sel.Name), x.Sel.Name
		default:
			return nil, ps
		}
		if target == nil {
			return nil, ps
		}
		next, ok := target.specs[name]
		if !ok && len(target.pending) > 0 {
			b.parseMore(target)
			next, ok = target.specs[name]
		}
		if !ok {
			return nil, ps
		}
		ref, ps = next, target
	}
	return nil, ps
}

// importedSyntax returns the syntax of the package that file (in ps)
// imports under name, found through the type that names it.
func (b *builder) importedSyntax(ps *pkgSyntax, f *ast.File, name, typeName string) *pkgSyntax {
	tp := b.importedPackage(f, name)
	if tp == nil {
		return nil
	}
	obj := b.l.lookup(tp, typeName)
	if obj == nil {
		return nil
	}
	_, syn := b.packageOf(tp, b.l.fset.Position(obj.Pos()).Filename)
	return syn
}

// importedPackage returns the types of the package that file f imports
// under name, or nil.
func (b *builder) importedPackage(f *ast.File, name string) *types.Package {
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		tp := b.l.packageTypes(path)
		if tp == nil {
			continue
		}
		local := tp.Name()
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if local == name {
			return tp
		}
	}
	return nil
}

// typeExpr converts a Go type to its model shape. syn is the type's syntax
// when known (inside ps); it gives structs their field docs and markers.
func (b *builder) typeExpr(t types.Type, syn ast.Expr, ps *pkgSyntax) model.TypeExpr {
	for {
		p, ok := syn.(*ast.ParenExpr)
		if !ok {
			break
		}
		syn = p.X
	}
	switch x := t.(type) {
	case *types.Basic:
		if x.Kind() == types.Invalid || x.Info()&types.IsUntyped != 0 || x.Kind() == types.UnsafePointer {
			return &model.Unsupported{Desc: x.String()}
		}
		return &model.Basic{Name: x.Name()}
	case *types.Named:
		if x.Obj().Pkg() == nil {
			if iface, ok := x.Underlying().(*types.Interface); ok {
				return &model.Interface{Empty: iface.Empty(), Desc: x.Obj().Name()}
			}
			return &model.Unsupported{Desc: x.Obj().Name()}
		}
		return &model.Named{Type: b.typeFor(x)}
	case *types.Alias:
		if x.Obj().Pkg() == nil {
			return b.typeExpr(x.Rhs(), syn, ps)
		}
		return &model.Named{Type: b.typeFor(x)}
	case *types.Pointer:
		var sub ast.Expr
		if s, ok := syn.(*ast.StarExpr); ok {
			sub = s.X
		}
		return &model.Pointer{Elem: b.typeExpr(x.Elem(), sub, ps)}
	case *types.Slice:
		return &model.Slice{Elem: b.typeExpr(x.Elem(), arrayElem(syn), ps)}
	case *types.Array:
		return &model.Array{Elem: b.typeExpr(x.Elem(), arrayElem(syn), ps), Len: x.Len()}
	case *types.Map:
		var sub ast.Expr
		if m, ok := syn.(*ast.MapType); ok {
			sub = m.Value
		}
		return &model.Map{Key: b.typeExpr(x.Key(), nil, ps), Elem: b.typeExpr(x.Elem(), sub, ps)}
	case *types.Struct:
		st, _ := syn.(*ast.StructType)
		return b.structExpr(x, st, ps)
	case *types.Interface:
		return &model.Interface{Empty: x.Empty(), Desc: types.TypeString(x, (*types.Package).Name)}
	case *types.TypeParam:
		return &model.Unsupported{Desc: "type parameter " + x.Obj().Name()}
	}
	return &model.Unsupported{Desc: types.TypeString(t, (*types.Package).Name)}
}

func arrayElem(syn ast.Expr) ast.Expr {
	if a, ok := syn.(*ast.ArrayType); ok {
		return a.Elt
	}
	return nil
}

// structExpr converts a struct, pairing each field with its syntax in ps.
func (b *builder) structExpr(st *types.Struct, syn *ast.StructType, ps *pkgSyntax) *model.Struct {
	var synFields []*ast.Field
	if syn != nil {
		for _, f := range syn.Fields.List {
			n := max(len(f.Names), 1)
			for range n {
				synFields = append(synFields, f)
			}
		}
		if len(synFields) != st.NumFields() {
			synFields = nil
		}
	}
	out := &model.Struct{}
	for i := range st.NumFields() {
		v := st.Field(i)
		f := &model.Field{
			GoName:   v.Name(),
			Pos:      b.l.fset.Position(v.Pos()),
			Embedded: v.Embedded(),
			Exported: v.Exported(),
		}
		var fsyn ast.Expr
		if synFields != nil {
			sf := synFields[i]
			f.Doc = docText(sf.Doc)
			f.Comments = b.gengoComments(ps, fieldNamePos(sf, v.Name()))
			f.Comments.Detached = nil
			f.Markers = b.withOpenShift(b.parseMarkers(ps.nodes[sf], markers.OnField, ps.pkg), markers.OnField, ps.pkg)
			fsyn = sf.Type
			f.Pos = b.l.fset.Position(fieldNamePos(sf, v.Name()))
			gateway := b.gatewayMarkers(f.Doc, f.Pos, markers.OnField, ps.pkg)
			b.checkGates(f.Markers, gateway, f.Doc, f.Pos, ps.pkg)
			f.Markers = append(f.Markers, gateway...)
		}
		readJSONTag(f, reflect.StructTag(st.Tag(i)))
		f.Type = b.typeExpr(v.Type(), fsyn, ps)
		if u, ok := f.Type.(*model.Unsupported); ok && u.Desc == "invalid type" {
			u.Invalid, u.Desc = true, "it does not type-check"
			if synFields != nil {
				if msg := b.l.typeErrorIn(synFields[i].Pos(), synFields[i].End()); msg != "" {
					u.Desc = msg
				}
			}
		}
		out.Fields = append(out.Fields, f)
	}
	return out
}

// fieldNamePos returns the position of the name among a field's names, or of
// its type for an embedded field.
func fieldNamePos(sf *ast.Field, name string) token.Pos {
	for _, n := range sf.Names {
		if n.Name == name {
			return n.Pos()
		}
	}
	return sf.Type.Pos()
}

// readJSONTag fills the JSON facts of a field from its tag, the way
// encoding/json reads them.
func readJSONTag(f *model.Field, tag reflect.StructTag) {
	js, ok := tag.Lookup("json")
	f.HasJSONTag = ok
	if !ok {
		f.Inline = f.Embedded
		return
	}
	if js == "-" {
		f.Ignored = true
		return
	}
	name, opts, _ := strings.Cut(js, ",")
	f.JSONName = name
	if name != "" && !validJSONName(name) {
		// encoding/json ignores such a name and writes the Go name.
		f.JSONName, f.IgnoredJSONName = "", name
	}
	for opt := range strings.SplitSeq(opts, ",") {
		switch opt {
		case "omitempty":
			f.OmitEmpty = true
		case "omitzero":
			f.OmitZero = true
		case "inline":
			f.Inline = f.Embedded
		case "string":
			f.JSONString = true
		}
	}
	if name == "" && f.Embedded {
		f.Inline = true
	}
}

// validJSONName reports whether encoding/json takes a json tag's name as
// it is: letters, digits and punctuation other than quotes and the
// backslash (its isValidTag).
func validJSONName(name string) bool {
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
