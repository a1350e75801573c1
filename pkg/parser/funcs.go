package parser

// This file implements the functions and methods an API package declares,
// which conversion generation looks for (hand-written Convert_ functions).

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/model"
)

// funcs lists the functions and methods an API package declares.
func (b *builder) funcs(r *rootPkg) []*model.Func {
	var out []*model.Func
	qual := func(p *types.Package) string { return p.Path() }
	for _, f := range r.files {
		if f == nil {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn := &model.Func{Name: fd.Name.Name, Pos: b.l.fset.Position(fd.Name.Pos()), File: b.l.fset.Position(f.Package).Filename}
			if fd.Recv != nil && len(fd.Recv.List) > 0 {
				fn.Recv = recvName(fd.Recv.List[0].Type)
				obj := r.tpkg.Scope().Lookup(fn.Recv)
				if obj == nil {
					continue
				}
			} else if obj, ok := r.tpkg.Scope().Lookup(fd.Name.Name).(*types.Func); ok {
				fn.Signature = signature(obj.Type().(*types.Signature), qual)
			}
			out = append(out, fn)
		}
	}
	slices.SortFunc(out, func(a, b *model.Func) int {
		return cmp.Or(strings.Compare(a.Recv, b.Recv), strings.Compare(a.Name, b.Name))
	})
	return out
}

// signature prints a function's signature without parameter names:
// "func(*a.T, *b.T) error".
func signature(sig *types.Signature, qual types.Qualifier) string {
	list := func(t *types.Tuple) []string {
		out := make([]string, t.Len())
		for i := range out {
			out[i] = types.TypeString(t.At(i).Type(), qual)
		}
		return out
	}
	params := list(sig.Params())
	if sig.Variadic() && len(params) > 0 {
		params[len(params)-1] = "..." + strings.TrimPrefix(params[len(params)-1], "[]")
	}
	s := "func(" + strings.Join(params, ", ") + ")"
	switch res := list(sig.Results()); len(res) {
	case 0:
	case 1:
		s += " " + res[0]
	default:
		s += " (" + strings.Join(res, ", ") + ")"
	}
	return s
}

// recvName returns the type name of a method receiver: T for T, *T, T[P]
// (the name embeddedName finds; a receiver is never qualified).
func recvName(e ast.Expr) string { return embeddedName(e) }
