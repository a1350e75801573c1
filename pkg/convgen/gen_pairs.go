package convgen

// This file implements emitting the type-pair functions: autoConvert_ with
// the field-by-field body, the public Convert_ unless a hand-written one
// replaces it, the value conversions inside them, moves, and deep-copy
// helpers for structs without DeepCopyInto.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/crdgen/crdgen/pkg/model"
)

// genPairs emits the functions of every type pair of a package pair, sorted
// by type name, then the copy helpers.
func genPairs(f *jen.File, pp *pkgPair) {
	pairs := slices.Clone(pp.order)
	slices.SortFunc(pairs, func(a, b *typePair) int { return strings.Compare(a.spoke.Ident.Name, b.spoke.Ident.Name) })
	for _, p := range pairs {
		for _, d := range []*direction{p.toHub, p.fromHub} {
			genAutoConvert(f, d)
			genConvert(f, d)
		}
	}
}

// genAutoConvert emits the generated body of one direction.
func genAutoConvert(f *jen.File, d *direction) {
	in, out := ptr("in"), ptr("out")
	body := []jen.Code{out.lhs().Op("=").Add(qual(d.out)).Values()}
	var notes []string
	for _, fc := range d.fields {
		switch {
		case fc.plan != nil:
			body = append(body, genValue(fc.plan, in.dot(fc.in.GoName), out.dot(fc.out.GoName), 0)...)
		case fc.class == ClassHandWritten:
			notes = append(notes, fmt.Sprintf("%s (%s) is converted by the hand-written %s.", fieldLabel(fc), fc.why, d.name()))
		case fc.class == ClassPreserved && !d.toHub:
			notes = append(notes, fmt.Sprintf("%s is only in %s: it is kept in the conversion-data annotation.", fieldLabel(fc), d.inVer()))
		case fc.class == ClassLost:
			notes = append(notes, fmt.Sprintf("%s is dropped (+crdgen:conversion:drop).", fieldLabel(fc)))
		}
	}
	for _, mv := range d.moves {
		body = append(body, genMove(mv, d.toHub)...)
	}
	for _, n := range notes {
		body = append(body, comments("%s", n)...)
	}
	body = append(body, jen.Return(jen.Nil()))
	doc(f, "%s converts %s %s to %s %s field by field.", d.autoName(), d.inVer(), d.in.Ident.Name, d.outVer(), d.out.Ident.Name)
	f.Func().Id(d.autoName()).Params(convParams(d)...).Error().Block(body...)
	f.Line()
}

// convParams are the parameters of a direction's functions: in and out,
// and conversion-gen's conversion.Scope in a package whose hand-written
// functions take one (they call autoConvert_ functions with it).
func convParams(d *direction) []jen.Code {
	params := []jen.Code{jen.Id("in").Op("*").Add(qual(d.in)), jen.Id("out").Op("*").Add(qual(d.out))}
	if d.pair.pp.scope {
		params = append(params, jen.Id("s").Qual(scopePath, "Scope"))
	}
	return params
}

// convArgs are the arguments of a call to a type pair's function: in and
// out, and the scope, passed along from the caller's (scope is what to
// pass when the caller has none).
func convArgs(pp *pkgPair, scope jen.Code, in, out jen.Code) []jen.Code {
	if pp.scope {
		return []jen.Code{in, out, scope}
	}
	return []jen.Code{in, out}
}

// genConvert emits the public Convert_ of a direction, unless it needs or
// has a hand-written one. A missing hand-written function is called by the
// parent's code and stops the package from compiling, as it should.
func genConvert(f *jen.File, d *direction) {
	if d.hand != nil || len(d.manual) > 0 {
		return
	}
	doc(f, "%s converts %s %s to %s %s.", d.name(), d.inVer(), d.in.Ident.Name, d.outVer(), d.out.Ident.Name)
	f.Func().Id(d.name()).Params(convParams(d)...).Error().Block(
		jen.Return(jen.Id(d.autoName()).Call(convArgs(d.pair.pp, jen.Id("s"), jen.Id("in"), jen.Id("out"))...)),
	)
	f.Line()
}

// fieldLabel names a field in generated comments by its JSON name.
func fieldLabel(fc *fieldConv) string {
	f := fc.in
	if f == nil {
		f = fc.out
	}
	return jsonPathStep(f)
}

// loopVars name the index variables of nested loops.
func loopVar(depth int) string {
	names := "ijklmn"
	if depth < len(names) {
		return names[depth : depth+1]
	}
	return fmt.Sprintf("i%d", depth)
}

// genValue emits the statements that convert in into out.
func genValue(p *valuePlan, in, out expr, depth int) []jen.Code {
	switch p.kind {
	case planAssign:
		return []jen.Code{out.lhs().Op("=").Add(in.rhs())}
	case planCast:
		return []jen.Code{out.lhs().Op("=").Add(typeCode(p.out)).Call(in.rhs())}
	case planDeepCopy:
		return []jen.Code{in.recv().Dot("DeepCopyInto").Call(out.addr())}
	case planCopyHelper:
		return []jen.Code{jen.Id(copyName(p.copyOf)).Call(in.addr(), out.addr())}
	case planConvert:
		args := convArgs(p.pair.pp, jen.Id("s"), in.addr(), out.addr())
		return []jen.Code{jen.If(jen.Err().Op(":=").Id(convertName(p)).Call(args...), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))}
	case planPointer:
		return []jen.Code{jen.If(in.val().Op("!=").Nil()).Block(
			append([]jen.Code{out.lhs().Op("=").New(typeCode(elemType(p.out)))}, genValue(p.elem, in.elem(), out.elem(), depth)...)...,
		)}
	case planToPointer:
		stmts := append([]jen.Code{out.lhs().Op("=").New(typeCode(elemType(p.out)))}, genValue(p.elem, in, out.elem(), depth)...)
		if p.zeroStaysNil {
			return []jen.Code{jen.If(notZero(p.in, in)).Block(stmts...)}
		}
		return stmts
	case planFromPointer:
		return []jen.Code{jen.If(in.val().Op("!=").Nil()).Block(genValue(p.elem, in.elem(), out, depth)...)}
	case planSlice:
		return genSlice(p, in, out, depth)
	case planArray:
		i := loopVar(depth)
		return []jen.Code{jen.For(jen.Id(i).Op(":=").Range().Add(in.val())).Block(genValue(p.elem, in.index(i), out.index(i), depth+1)...)}
	case planMap:
		return genMap(p, in, out, depth)
	}
	panic(fmt.Sprintf("convgen: unknown plan kind %d", p.kind))
}

func genSlice(p *valuePlan, in, out expr, depth int) []jen.Code {
	stmts := []jen.Code{out.lhs().Op("=").Make(typeCode(p.out), jen.Len(in.val()))}
	if p.elem.kind == planAssign {
		stmts = append(stmts, jen.Copy(out.val(), in.val()))
	} else {
		i := loopVar(depth)
		stmts = append(stmts, jen.For(jen.Id(i).Op(":=").Range().Add(in.val())).Block(genValue(p.elem, in.index(i), out.index(i), depth+1)...))
	}
	return []jen.Code{jen.If(in.val().Op("!=").Nil()).Block(stmts...)}
}

func genMap(p *valuePlan, in, out expr, depth int) []jen.Code {
	key, val := fmt.Sprintf("key%d", depth), fmt.Sprintf("val%d", depth)
	var k jen.Code = jen.Id(key)
	if p.key.kind == planCast {
		k = typeCode(p.key.out).Call(jen.Id(key))
	}
	var loop []jen.Code
	if p.elem.kind == planAssign {
		loop = []jen.Code{out.val().Index(k).Op("=").Id(val)}
	} else {
		o := fmt.Sprintf("out%d", depth)
		loop = append(loop, jen.Var().Id(o).Add(typeCode(elemType(p.out))))
		loop = append(loop, genValue(p.elem, id(val), id(o), depth+1)...)
		loop = append(loop, out.val().Index(k).Op("=").Id(o))
	}
	return []jen.Code{jen.If(in.val().Op("!=").Nil()).Block(
		out.lhs().Op("=").Make(typeCode(p.out), jen.Len(in.val())),
		jen.For(jen.List(jen.Id(key), jen.Id(val)).Op(":=").Range().Add(in.val())).Block(loop...),
	)}
}

// elemType is the element type of a pointer, slice, array or map type,
// seeing through a named type declared on one.
func elemType(t model.TypeExpr) model.TypeExpr {
	if n, ok := unalias(t).(*model.Named); ok && n.Type.Underlying != nil {
		t = n.Type.Underlying
	}
	switch x := unalias(t).(type) {
	case *model.Pointer:
		return x.Elem
	case *model.Slice:
		return x.Elem
	case *model.Array:
		return x.Elem
	case *model.Map:
		return x.Elem
	}
	panic(fmt.Sprintf("convgen: %s has no element type", t))
}

// nonZero is a condition that holds when e is not its type's zero value;
// nil for types without a simple test.
func nonZero(t model.TypeExpr, e expr) jen.Code {
	if b := basicOf(t); b != nil {
		switch {
		case b.Name == "string":
			return e.val().Op("!=").Lit("")
		case b.Name == "bool":
			return e.val()
		default:
			return e.val().Op("!=").Lit(0)
		}
	}
	switch unalias(t).(type) {
	case *model.Pointer, *model.Slice, *model.Map, *model.Interface:
		return e.val().Op("!=").Nil()
	}
	return nil
}

// notZero is nonZero, or a reflect test for types without a simple one.
func notZero(t model.TypeExpr, e expr) jen.Code {
	if cond := nonZero(t, e); cond != nil {
		return cond
	}
	return jen.Op("!").Qual("reflect", "ValueOf").Call(e.rhs()).Dot("IsZero").Call()
}

// convertName is the Convert_ function of a planConvert step.
func convertName(p *valuePlan) string {
	n := unalias(p.in).(*model.Named)
	if n.Type == p.pair.spoke {
		return p.pair.toHub.name()
	}
	return p.pair.fromHub.name()
}

// genMove emits one move: read the value at the input's path (nil pointers
// on the way mean there is nothing to move) and write it at the output's
// path, creating the structs on the way only when there is a value.
func genMove(mv *movePlan, toHub bool) []jen.Code {
	from, to, plan := mv.spoke, mv.hub, mv.toHub
	if !toHub {
		from, to, plan = mv.hub, mv.spoke, mv.fromHub
	}
	src := ptr("in")
	var guards []jen.Code
	for _, s := range from[:len(from)-1] {
		src = src.dot(s.field.GoName)
		if s.ptr {
			guards = append(guards, src.val().Op("!=").Nil())
		}
	}
	src = src.dot(from[len(from)-1].field.GoName)
	dst := ptr("out")
	var allocs []jen.Code
	for _, s := range to[:len(to)-1] {
		dst = dst.dot(s.field.GoName)
		if s.ptr {
			allocs = append(allocs, jen.If(dst.val().Op("==").Nil()).Block(dst.lhs().Op("=").New(qual(s.holder))))
		}
	}
	dst = dst.dot(to[len(to)-1].field.GoName)
	stmts := append(allocs, genValue(plan, src, dst, 0)...)
	if len(allocs) > 0 {
		stmts = []jen.Code{jen.If(notZero(from[len(from)-1].field.Type, src)).Block(stmts...)}
	}
	if len(guards) > 0 {
		cond := jen.Add(guards[0])
		for _, g := range guards[1:] {
			cond = cond.Op("&&").Add(g)
		}
		stmts = []jen.Code{jen.If(cond).Block(stmts...)}
	}
	return append([]jen.Code{jen.Comment(mv.marker.Text)}, stmts...)
}

// copyName is the generated deep-copy helper of a struct type.
func copyName(t *model.Type) string {
	return "crdgenCopy_" + t.Package.Name + "_" + t.Ident.Name
}

// genCopyHelpers emits the deep-copy helpers a package pair needs, sorted
// by name.
func genCopyHelpers(f *jen.File, helpers map[string][]copyField, types map[string]*model.Type) {
	names := make([]string, 0, len(helpers))
	for n := range helpers {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		t := types[n]
		var body []jen.Code
		for _, cf := range helpers[n] {
			body = append(body, genValue(cf.plan, ptr("in").dot(cf.field.GoName), ptr("out").dot(cf.field.GoName), 0)...)
		}
		doc(f, "%s copies a %s deeply: the copy shares no memory with in.", n, t.Ident)
		f.Func().Id(n).Params(jen.Id("in").Op(",").Id("out").Op("*").Add(qual(t))).Block(body...)
		f.Line()
	}
}
