package parser

// This file implements the constants of dependencies, which the source
// importer builds from their declarations: what an enum's values are made
// of, and array lengths. Values are evaluated with go/constant as the
// type-checker would: literals, iota, other constants of the package or of
// an imported one, unary and binary operators, shifts, comparisons,
// conversions and len of a string constant. A constant the importer still
// cannot evaluate is a warning at its declaration, never a value silently
// missing from an enum.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// constant builds a constant of p from its declaration.
func (si *srcImporter) constant(p *srcPkg, name string, c constRef) types.Object {
	if p.building[name] {
		return nil
	}
	p.building[name] = true
	defer delete(p.building, name)
	if c.value == nil {
		si.warnf(c.spec.Names[c.index].Pos(), "constant %s has no value crdgen can find, so it is left out (an enum of its type lacks it)", name)
		return nil
	}
	val, typ, err := si.eval(p, c.file, c.value, c.iota)
	if err != nil {
		si.warnf(c.spec.Names[c.index].Pos(), "crdgen cannot evaluate constant %s (%v), so it is left out (an enum of its type lacks it)", name, err)
		return nil
	}
	if c.typ != nil {
		typ = si.expr(p, c.file, c.typ, nil)
	}
	if typ == nil {
		typ = untypedOf(val)
	}
	obj := types.NewConst(c.spec.Names[c.index].Pos(), p.tpkg, name, typ, val)
	p.tpkg.Scope().Insert(obj)
	return obj
}

// untypedOf is the untyped type of a constant value.
func untypedOf(v constant.Value) types.Type {
	switch v.Kind() {
	case constant.String:
		return types.Typ[types.UntypedString]
	case constant.Bool:
		return types.Typ[types.UntypedBool]
	case constant.Float:
		return types.Typ[types.UntypedFloat]
	case constant.Complex:
		return types.Typ[types.UntypedComplex]
	}
	return types.Typ[types.UntypedInt]
}

// eval evaluates a constant expression of file f in p. The type is that of
// a typed operand (const B T = A takes A's), nil when untyped.
func (si *srcImporter) eval(p *srcPkg, f *ast.File, e ast.Expr, iota int) (constant.Value, types.Type, error) {
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		v := constant.MakeFromLiteral(x.Value, x.Kind, 0)
		if v.Kind() == constant.Unknown {
			return nil, nil, fmt.Errorf("bad literal %s", x.Value)
		}
		return v, nil, nil
	case *ast.Ident:
		switch x.Name {
		case "iota":
			return constant.MakeInt64(int64(iota)), nil, nil
		case "true", "false":
			return constant.MakeBool(x.Name == "true"), nil, nil
		}
		return si.constOf(si.object(p, x.Name), x.Name)
	case *ast.SelectorExpr:
		pkgIdent, ok := x.X.(*ast.Ident)
		if !ok || f == nil {
			return nil, nil, fmt.Errorf("%s is not a constant", types.ExprString(x))
		}
		dep := si.imported(f, pkgIdent.Name)
		if dep == nil {
			return nil, nil, fmt.Errorf("package %s is not listed", pkgIdent.Name)
		}
		return si.constOf(si.object(dep, x.Sel.Name), types.ExprString(x))
	case *ast.UnaryExpr:
		v, t, err := si.eval(p, f, x.X, iota)
		if err != nil {
			return nil, nil, err
		}
		return constant.UnaryOp(x.Op, v, 0), t, nil
	case *ast.BinaryExpr:
		return si.evalBinary(p, f, x, iota)
	case *ast.CallExpr:
		return si.evalCall(p, f, x, iota)
	}
	return nil, nil, fmt.Errorf("%s is not a constant expression crdgen evaluates", types.ExprString(e))
}

// constOf returns the value and type of a constant object.
func (si *srcImporter) constOf(obj types.Object, name string) (constant.Value, types.Type, error) {
	c, ok := obj.(*types.Const)
	if !ok {
		return nil, nil, fmt.Errorf("%s is not a constant crdgen can evaluate", name)
	}
	var t types.Type
	if b, ok := c.Type().(*types.Basic); !ok || b.Info()&types.IsUntyped == 0 {
		t = c.Type()
	}
	return c.Val(), t, nil
}

func (si *srcImporter) evalBinary(p *srcPkg, f *ast.File, x *ast.BinaryExpr, iota int) (constant.Value, types.Type, error) {
	a, at, err := si.eval(p, f, x.X, iota)
	if err != nil {
		return nil, nil, err
	}
	b, bt, err := si.eval(p, f, x.Y, iota)
	if err != nil {
		return nil, nil, err
	}
	t := at
	if t == nil {
		t = bt
	}
	switch x.Op {
	case token.SHL, token.SHR:
		n, ok := constant.Uint64Val(constant.ToInt(b))
		if !ok {
			return nil, nil, fmt.Errorf("bad shift count in %s", types.ExprString(x))
		}
		return constant.Shift(a, x.Op, uint(n)), at, nil
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return constant.MakeBool(constant.Compare(a, x.Op, b)), nil, nil
	}
	if (a.Kind() == constant.String) != (b.Kind() == constant.String) || (a.Kind() == constant.Bool) != (b.Kind() == constant.Bool) {
		return nil, nil, fmt.Errorf("mismatched operands in %s", types.ExprString(x))
	}
	op := x.Op
	if op == token.QUO && a.Kind() == constant.Int && b.Kind() == constant.Int {
		op = token.QUO_ASSIGN // integer division, as Go divides integer constants
	}
	if (op == token.QUO || op == token.QUO_ASSIGN || op == token.REM) && constant.Sign(b) == 0 {
		return nil, nil, fmt.Errorf("division by zero in %s", types.ExprString(x))
	}
	v := constant.BinaryOp(a, op, b)
	if v.Kind() == constant.Unknown {
		return nil, nil, fmt.Errorf("cannot evaluate %s", types.ExprString(x))
	}
	return v, t, nil
}

// evalCall evaluates a conversion T(x), len of a string constant, and the
// builtins min and max.
func (si *srcImporter) evalCall(p *srcPkg, f *ast.File, x *ast.CallExpr, iota int) (constant.Value, types.Type, error) {
	if id, ok := x.Fun.(*ast.Ident); ok && (id.Name == "min" || id.Name == "max") && si.object(p, id.Name) == nil {
		return si.evalMinMax(p, f, x, id.Name == "max", iota)
	}
	if len(x.Args) != 1 {
		return nil, nil, fmt.Errorf("%s is not a constant expression crdgen evaluates", types.ExprString(x))
	}
	if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "len" && si.object(p, "len") == nil {
		v, _, err := si.eval(p, f, x.Args[0], iota)
		if err != nil {
			return nil, nil, err
		}
		if v.Kind() != constant.String {
			return nil, nil, fmt.Errorf("len of a non-string in %s", types.ExprString(x))
		}
		return constant.MakeInt64(int64(len(constant.StringVal(v)))), nil, nil
	}
	t := si.expr(p, f, x.Fun, nil)
	if t == types.Typ[types.Invalid] {
		return nil, nil, fmt.Errorf("%s is not a conversion crdgen evaluates", types.ExprString(x))
	}
	v, _, err := si.eval(p, f, x.Args[0], iota)
	if err != nil {
		return nil, nil, err
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsInteger != 0:
			v = constant.ToInt(v)
		case b.Info()&types.IsString != 0 && v.Kind() == constant.Int:
			// string(rune): the UTF-8 of the code point.
			r, ok := constant.Int64Val(v)
			if !ok {
				return nil, nil, fmt.Errorf("bad code point in %s", types.ExprString(x))
			}
			v = constant.MakeString(string(rune(r)))
		}
	}
	return v, t, nil
}

// evalMinMax evaluates min or max of constants.
func (si *srcImporter) evalMinMax(p *srcPkg, f *ast.File, x *ast.CallExpr, isMax bool, iota int) (constant.Value, types.Type, error) {
	var best constant.Value
	var typ types.Type
	for _, a := range x.Args {
		v, t, err := si.eval(p, f, a, iota)
		if err != nil {
			return nil, nil, err
		}
		if typ == nil {
			typ = t
		}
		op := token.LSS
		if isMax {
			op = token.GTR
		}
		if best == nil || (best.Kind() == constant.String) == (v.Kind() == constant.String) && constant.Compare(v, op, best) {
			best = v
		}
	}
	if best == nil {
		return nil, nil, fmt.Errorf("%s has no arguments", types.ExprString(x))
	}
	return best, typ, nil
}

// arrayLen evaluates an array length; an expression it cannot evaluate is
// a warning, and the array's length 0.
func (si *srcImporter) arrayLen(p *srcPkg, f *ast.File, e ast.Expr) int64 {
	v, _, err := si.eval(p, f, e, 0)
	if err == nil {
		if n, ok := constant.Int64Val(constant.ToInt(v)); ok {
			return n
		}
	}
	si.warnf(e.Pos(), "crdgen cannot evaluate the array length %s (%v)", types.ExprString(e), err)
	return 0
}

// warnf reports a declaration the importer cannot build.
func (si *srcImporter) warnf(pos token.Pos, format string, args ...any) {
	if si.warn != nil {
		si.warn(pos, fmt.Sprintf(format, args...))
	}
}
