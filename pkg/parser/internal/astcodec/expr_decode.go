package astcodec

import "go/ast"

// This file implements reading expressions and type expressions.

func (d *decoder) expr() ast.Expr {
	switch d.byte() {
	case tagNil:
		return nil
	case tagIdent:
		return d.identBody()
	case tagBasicLit:
		return d.litBody()
	case tagCompositeLit:
		return &ast.CompositeLit{Type: d.expr(), Lbrace: d.pos(), Elts: d.exprs(), Rbrace: d.pos(), Incomplete: d.bool()}
	case tagFuncLit:
		return &ast.FuncLit{Type: d.funcType(), Body: d.block()}
	case tagParenExpr:
		return &ast.ParenExpr{Lparen: d.pos(), X: d.expr(), Rparen: d.pos()}
	case tagSelectorExpr:
		return &ast.SelectorExpr{X: d.expr(), Sel: d.ident()}
	case tagIndexExpr:
		return &ast.IndexExpr{X: d.expr(), Lbrack: d.pos(), Index: d.expr(), Rbrack: d.pos()}
	case tagIndexListExpr:
		return &ast.IndexListExpr{X: d.expr(), Lbrack: d.pos(), Indices: d.exprs(), Rbrack: d.pos()}
	case tagSliceExpr:
		return &ast.SliceExpr{X: d.expr(), Lbrack: d.pos(), Low: d.expr(), High: d.expr(), Max: d.expr(), Slice3: d.bool(), Rbrack: d.pos()}
	case tagTypeAssertExpr:
		return &ast.TypeAssertExpr{X: d.expr(), Lparen: d.pos(), Type: d.expr(), Rparen: d.pos()}
	case tagCallExpr:
		return &ast.CallExpr{Fun: d.expr(), Lparen: d.pos(), Args: d.exprs(), Ellipsis: d.pos(), Rparen: d.pos()}
	case tagStarExpr:
		return &ast.StarExpr{Star: d.pos(), X: d.expr()}
	case tagUnaryExpr:
		return &ast.UnaryExpr{OpPos: d.pos(), Op: d.tok(), X: d.expr()}
	case tagBinaryExpr:
		return &ast.BinaryExpr{X: d.expr(), OpPos: d.pos(), Op: d.tok(), Y: d.expr()}
	case tagKeyValueExpr:
		return &ast.KeyValueExpr{Key: d.expr(), Colon: d.pos(), Value: d.expr()}
	case tagArrayType:
		return &ast.ArrayType{Lbrack: d.pos(), Len: d.expr(), Elt: d.expr()}
	case tagStructType:
		return &ast.StructType{Struct: d.pos(), Fields: d.fieldList(), Incomplete: d.bool()}
	case tagFuncType:
		return d.funcTypeBody()
	case tagInterfaceType:
		return &ast.InterfaceType{Interface: d.pos(), Methods: d.fieldList(), Incomplete: d.bool()}
	case tagMapType:
		return &ast.MapType{Map: d.pos(), Key: d.expr(), Value: d.expr()}
	case tagChanType:
		return &ast.ChanType{Begin: d.pos(), Arrow: d.pos(), Dir: ast.ChanDir(d.uint()), Value: d.expr()}
	case tagEllipsis:
		return &ast.Ellipsis{Ellipsis: d.pos(), Elt: d.expr()}
	}
	d.fail()
	return nil
}
