package astcodec

import "go/ast"

// This file implements writing expressions and type expressions.

func (e *encoder) expr(x ast.Expr) {
	switch x := x.(type) {
	case nil:
		e.buf = append(e.buf, tagNil)
	case *ast.Ident:
		e.ident(x)
	case *ast.BasicLit:
		e.lit(x)
	case *ast.CompositeLit:
		e.buf = append(e.buf, tagCompositeLit)
		e.expr(x.Type)
		e.pos(x.Lbrace)
		e.exprs(x.Elts)
		e.pos(x.Rbrace)
		e.bool(x.Incomplete)
	case *ast.FuncLit:
		e.buf = append(e.buf, tagFuncLit)
		e.funcType(x.Type)
		e.block(x.Body)
	case *ast.ParenExpr:
		e.buf = append(e.buf, tagParenExpr)
		e.pos(x.Lparen)
		e.expr(x.X)
		e.pos(x.Rparen)
	case *ast.SelectorExpr:
		e.buf = append(e.buf, tagSelectorExpr)
		e.expr(x.X)
		e.ident(x.Sel)
	case *ast.IndexExpr:
		e.buf = append(e.buf, tagIndexExpr)
		e.expr(x.X)
		e.pos(x.Lbrack)
		e.expr(x.Index)
		e.pos(x.Rbrack)
	case *ast.IndexListExpr:
		e.buf = append(e.buf, tagIndexListExpr)
		e.expr(x.X)
		e.pos(x.Lbrack)
		e.exprs(x.Indices)
		e.pos(x.Rbrack)
	case *ast.SliceExpr:
		e.buf = append(e.buf, tagSliceExpr)
		e.expr(x.X)
		e.pos(x.Lbrack)
		e.expr(x.Low)
		e.expr(x.High)
		e.expr(x.Max)
		e.bool(x.Slice3)
		e.pos(x.Rbrack)
	case *ast.TypeAssertExpr:
		e.buf = append(e.buf, tagTypeAssertExpr)
		e.expr(x.X)
		e.pos(x.Lparen)
		e.expr(x.Type)
		e.pos(x.Rparen)
	case *ast.CallExpr:
		e.buf = append(e.buf, tagCallExpr)
		e.expr(x.Fun)
		e.pos(x.Lparen)
		e.exprs(x.Args)
		e.pos(x.Ellipsis)
		e.pos(x.Rparen)
	case *ast.StarExpr:
		e.buf = append(e.buf, tagStarExpr)
		e.pos(x.Star)
		e.expr(x.X)
	case *ast.UnaryExpr:
		e.buf = append(e.buf, tagUnaryExpr)
		e.pos(x.OpPos)
		e.tok(x.Op)
		e.expr(x.X)
	case *ast.BinaryExpr:
		e.buf = append(e.buf, tagBinaryExpr)
		e.expr(x.X)
		e.pos(x.OpPos)
		e.tok(x.Op)
		e.expr(x.Y)
	case *ast.KeyValueExpr:
		e.buf = append(e.buf, tagKeyValueExpr)
		e.expr(x.Key)
		e.pos(x.Colon)
		e.expr(x.Value)
	case *ast.ArrayType:
		e.buf = append(e.buf, tagArrayType)
		e.pos(x.Lbrack)
		e.expr(x.Len)
		e.expr(x.Elt)
	case *ast.StructType:
		e.buf = append(e.buf, tagStructType)
		e.pos(x.Struct)
		e.fieldList(x.Fields)
		e.bool(x.Incomplete)
	case *ast.FuncType:
		e.funcType(x)
	case *ast.InterfaceType:
		e.buf = append(e.buf, tagInterfaceType)
		e.pos(x.Interface)
		e.fieldList(x.Methods)
		e.bool(x.Incomplete)
	case *ast.MapType:
		e.buf = append(e.buf, tagMapType)
		e.pos(x.Map)
		e.expr(x.Key)
		e.expr(x.Value)
	case *ast.ChanType:
		e.buf = append(e.buf, tagChanType)
		e.pos(x.Begin)
		e.pos(x.Arrow)
		e.uint(int(x.Dir))
		e.expr(x.Value)
	case *ast.Ellipsis:
		e.buf = append(e.buf, tagEllipsis)
		e.pos(x.Ellipsis)
		e.expr(x.Elt)
	default:
		e.fail("expression %T", x)
	}
}
