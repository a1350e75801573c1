package parser

// This file implements the second half of the source importer: go/types
// objects built from a dependency's declaration syntax (constants, type
// expressions, structs, interfaces, generic instances), without the
// type-checker.

import (
	"go/ast"
	"go/types"
	"strconv"
)

// tuple builds a parameter or result list.
func (si *srcImporter) tuple(p *srcPkg, f *ast.File, fl *ast.FieldList) *types.Tuple {
	if fl == nil {
		return nil
	}
	var vars []*types.Var
	for _, fld := range fl.List {
		te := fld.Type
		if el, ok := te.(*ast.Ellipsis); ok {
			te = &ast.ArrayType{Elt: el.Elt}
		}
		t := si.expr(p, f, te, nil)
		if len(fld.Names) == 0 {
			vars = append(vars, types.NewVar(fld.Pos(), p.tpkg, "", t))
		}
		for _, n := range fld.Names {
			vars = append(vars, types.NewVar(n.Pos(), p.tpkg, n.Name, t))
		}
	}
	return types.NewTuple(vars...)
}

// expr builds the type a type expression of file f in p stands for;
// tparams are the type parameters in scope. Anything it cannot build is
// types.Typ[types.Invalid].
func (si *srcImporter) expr(p *srcPkg, f *ast.File, e ast.Expr, tparams map[string]*types.TypeParam) types.Type {
	invalid := types.Typ[types.Invalid]
	switch x := e.(type) {
	case *ast.ParenExpr:
		return si.expr(p, f, x.X, tparams)
	case *ast.Ident:
		if tp, ok := tparams[x.Name]; ok {
			return tp
		}
		if obj, ok := si.object(p, x.Name).(*types.TypeName); ok {
			return obj.Type()
		}
		if obj, ok := types.Universe.Lookup(x.Name).(*types.TypeName); ok {
			return obj.Type()
		}
		return invalid
	case *ast.SelectorExpr:
		pkgIdent, ok := x.X.(*ast.Ident)
		if !ok || f == nil {
			return invalid
		}
		dep := si.imported(f, pkgIdent.Name)
		if dep == nil {
			return invalid
		}
		if obj, ok := si.object(dep, x.Sel.Name).(*types.TypeName); ok {
			return obj.Type()
		}
		return invalid
	case *ast.StarExpr:
		return types.NewPointer(si.expr(p, f, x.X, tparams))
	case *ast.ArrayType:
		elem := si.expr(p, f, x.Elt, tparams)
		if x.Len == nil {
			return types.NewSlice(elem)
		}
		if _, ok := x.Len.(*ast.Ellipsis); ok {
			return invalid
		}
		return types.NewArray(elem, si.arrayLen(p, f, x.Len))
	case *ast.MapType:
		return types.NewMap(si.expr(p, f, x.Key, tparams), si.expr(p, f, x.Value, tparams))
	case *ast.ChanType:
		dir := types.SendRecv
		switch x.Dir {
		case ast.SEND:
			dir = types.SendOnly
		case ast.RECV:
			dir = types.RecvOnly
		}
		return types.NewChan(dir, si.expr(p, f, x.Value, tparams))
	case *ast.FuncType:
		return types.NewSignatureType(nil, nil, nil, si.tuple(p, f, x.Params), si.tuple(p, f, x.Results), false)
	case *ast.StructType:
		return si.structType(p, f, x, tparams)
	case *ast.InterfaceType:
		return si.interfaceType(p, f, x, tparams)
	case *ast.IndexExpr, *ast.IndexListExpr:
		return si.instance(p, f, x, tparams)
	}
	return invalid
}

func (si *srcImporter) structType(p *srcPkg, f *ast.File, x *ast.StructType, tparams map[string]*types.TypeParam) types.Type {
	var fields []*types.Var
	var tags []string
	for _, fld := range x.Fields.List {
		// The type of an unexported field that is not embedded is not
		// built: no other package can name the field, encoding/json
		// neither reads nor writes it, and conversions leave it alone.
		// Such fields led to reflect, regexp and math/big (through
		// runtime.Scheme and resource.Quantity): a fifth of the load.
		var t types.Type = types.Typ[types.Invalid]
		if len(fld.Names) == 0 || anyExported(fld.Names) || si.allFields {
			t = si.expr(p, f, fld.Type, tparams)
		}
		tag := ""
		if fld.Tag != nil {
			tag, _ = strconv.Unquote(fld.Tag.Value)
		}
		if len(fld.Names) == 0 {
			fields = append(fields, types.NewField(fld.Type.Pos(), p.tpkg, embeddedName(fld.Type), t, true))
			tags = append(tags, tag)
			continue
		}
		for _, n := range fld.Names {
			fields = append(fields, types.NewField(n.Pos(), p.tpkg, n.Name, t, false))
			tags = append(tags, tag)
		}
	}
	return types.NewStruct(fields, tags)
}

// embeddedName is the field name of an embedded field: its type's name.
func embeddedName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel.Name
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func (si *srcImporter) interfaceType(p *srcPkg, f *ast.File, x *ast.InterfaceType, tparams map[string]*types.TypeParam) types.Type {
	var methods []*types.Func
	var embeds []types.Type
	for _, fld := range x.Methods.List {
		if ft, ok := fld.Type.(*ast.FuncType); ok && len(fld.Names) > 0 {
			sig := types.NewSignatureType(nil, nil, nil, si.tuple(p, f, ft.Params), si.tuple(p, f, ft.Results), false)
			methods = append(methods, types.NewFunc(fld.Names[0].Pos(), p.tpkg, fld.Names[0].Name, sig))
			continue
		}
		embeds = append(embeds, si.expr(p, f, fld.Type, tparams))
	}
	return types.NewInterfaceType(methods, embeds)
}

// instance builds an instantiated generic type.
func (si *srcImporter) instance(p *srcPkg, f *ast.File, e ast.Expr, tparams map[string]*types.TypeParam) types.Type {
	var base ast.Expr
	var args []ast.Expr
	switch x := e.(type) {
	case *ast.IndexExpr:
		base, args = x.X, []ast.Expr{x.Index}
	case *ast.IndexListExpr:
		base, args = x.X, x.Indices
	}
	generic := si.expr(p, f, base, tparams)
	var targs []types.Type
	for _, a := range args {
		targs = append(targs, si.expr(p, f, a, tparams))
	}
	t, err := types.Instantiate(nil, generic, targs, false)
	if err != nil {
		return types.Typ[types.Invalid]
	}
	return t
}

// anyExported reports whether one of a field list's names is exported.
func anyExported(names []*ast.Ident) bool {
	for _, n := range names {
		if n.IsExported() {
			return true
		}
	}
	return false
}
