package convgen

// This file implements planning the conversion of one value: what the
// generated code does to turn a value of one Go type into another. Plans
// only ever copy, re-declare (a named type with the same underlying basic
// type), recurse into paired types, or walk pointers, slices and maps;
// anything else needs a hand-written function.

import (
	"fmt"

	"github.com/crdgen/crdgen/pkg/model"
)

// planKind is what one step of a value conversion does.
type planKind int

const (
	// planAssign: out = in (the value holds no references).
	planAssign planKind = iota
	// planCast: out = Out(in), between types with the same basic underlying type.
	planCast
	// planDeepCopy: in.DeepCopyInto(&out).
	planDeepCopy
	// planCopyHelper: a generated deep copy of a struct without DeepCopyInto.
	planCopyHelper
	// planConvert: a Convert_ function of a type pair.
	planConvert
	// planPointer: *In -> *Out.
	planPointer
	// planToPointer: In -> *Out; a zero value of an omitempty field stays nil.
	planToPointer
	// planFromPointer: *In -> Out; nil becomes the zero value.
	planFromPointer
	// planSlice: []In -> []Out, element by element.
	planSlice
	// planMap: map[K]In -> map[K']Out, value by value.
	planMap
	// planArray: [N]In -> [N]Out, element by element.
	planArray
)

// valuePlan is how to convert a value of type in to type out.
type valuePlan struct {
	kind    planKind
	in, out model.TypeExpr
	// elem converts the pointed-to values, elements or map values.
	elem *valuePlan
	// key converts map keys (planAssign or planCast).
	key *valuePlan
	// pair is the type pair of planConvert.
	pair *typePair
	// copyOf is the type of planCopyHelper.
	copyOf *model.Type
	// zeroStaysNil is set on planToPointer for omitempty fields.
	zeroStaysNil bool
}

// identical reports whether the plan only copies (no type changes).
func (p *valuePlan) identical() bool {
	switch p.kind {
	case planCast, planConvert, planToPointer, planFromPointer:
		return false
	}
	for _, sub := range []*valuePlan{p.elem, p.key} {
		if sub != nil && !sub.identical() {
			return false
		}
	}
	return true
}

// omitsZero reports whether encoding/json leaves a field out when it holds
// its zero value: omitzero, or omitempty on anything but a struct.
func omitsZero(f *model.Field) bool {
	if f.OmitZero {
		return true
	}
	if !f.OmitEmpty {
		return false
	}
	if n, ok := unalias(f.Type).(*model.Named); ok {
		_, isStruct := n.Type.Underlying.(*model.Struct)
		return !isStruct && !n.Type.WellKnown
	}
	_, isStruct := unalias(f.Type).(*model.Struct)
	return !isStruct
}

// planValue plans converting in to out within a package pair; the error says
// why it cannot be done without a hand-written function. omitEmpty says
// that the input field is left out of JSON when zero, so that a zero value
// becomes a nil pointer.
func (g *gen) planValue(pp *pkgPair, in, out model.TypeExpr, omitEmpty bool) (*valuePlan, error) {
	in, out = unalias(in), unalias(out)
	if identicalTypes(in, out) {
		return g.planCopy(pp, in)
	}
	ni, inNamed := in.(*model.Named)
	no, outNamed := out.(*model.Named)
	if inNamed && outNamed && pp.paired(ni.Type, no.Type) {
		if _, ok := ni.Type.Underlying.(*model.Struct); ok {
			if _, ok := no.Type.Underlying.(*model.Struct); ok {
				pair := g.pairFor(pp, ni.Type, no.Type)
				return &valuePlan{kind: planConvert, in: in, out: out, pair: pair}, nil
			}
		}
	}
	if bi, bo := basicOf(in), basicOf(out); bi != nil && bo != nil {
		if bi.Name == bo.Name {
			return &valuePlan{kind: planCast, in: in, out: out}, nil
		}
		return nil, fmt.Errorf("%s and %s are different kinds of value", in, out)
	}
	// A paired named type that is not a struct (type Toppings []Topping)
	// converts through its underlying type; so does a named type on one side
	// only.
	ui, uo := in, out
	if inNamed && container(ni.Type) && local(pp, ni.Type) {
		ui = ni.Type.Underlying
	}
	if outNamed && container(no.Type) && local(pp, no.Type) {
		uo = no.Type.Underlying
	}
	switch i := ui.(type) {
	case *model.Pointer:
		if o, ok := uo.(*model.Pointer); ok {
			return g.planElem(pp, planPointer, in, out, i.Elem, o.Elem, false)
		}
		return g.planElem(pp, planFromPointer, in, out, i.Elem, uo, false)
	case *model.Slice:
		if o, ok := uo.(*model.Slice); ok {
			return g.planElem(pp, planSlice, in, out, i.Elem, o.Elem, false)
		}
	case *model.Array:
		if o, ok := uo.(*model.Array); ok && o.Len == i.Len {
			return g.planElem(pp, planArray, in, out, i.Elem, o.Elem, false)
		}
	case *model.Map:
		if o, ok := uo.(*model.Map); ok {
			return g.planMap(pp, in, out, i, o)
		}
	}
	if o, ok := uo.(*model.Pointer); ok {
		if _, isSlice := ui.(*model.Slice); !isSlice {
			p, err := g.planElem(pp, planToPointer, in, out, ui, o.Elem, false)
			if p != nil {
				p.zeroStaysNil = omitEmpty
			}
			return p, err
		}
	}
	return nil, fmt.Errorf("%s cannot become %s field by field", in, out)
}

func (g *gen) planElem(pp *pkgPair, kind planKind, in, out, ei, eo model.TypeExpr, omitEmpty bool) (*valuePlan, error) {
	elem, err := g.planValue(pp, ei, eo, omitEmpty)
	if err != nil {
		return nil, err
	}
	return &valuePlan{kind: kind, in: in, out: out, elem: elem}, nil
}

func (g *gen) planMap(pp *pkgPair, in, out model.TypeExpr, i, o *model.Map) (*valuePlan, error) {
	var key *valuePlan
	switch ki, ko := unalias(i.Key), unalias(o.Key); {
	case identicalTypes(ki, ko):
		key = &valuePlan{kind: planAssign, in: ki, out: ko}
	case basicOf(ki) != nil && basicOf(ko) != nil && basicOf(ki).Name == basicOf(ko).Name:
		key = &valuePlan{kind: planCast, in: ki, out: ko}
	default:
		return nil, fmt.Errorf("map keys %s and %s differ", ki, ko)
	}
	elem, err := g.planValue(pp, i.Elem, o.Elem, false)
	if err != nil {
		return nil, err
	}
	return &valuePlan{kind: planMap, in: in, out: out, key: key, elem: elem}, nil
}

// planCopy plans a deep copy of a value whose type is the same on both
// sides: maps, slices and pointers are never shared between in and out.
func (g *gen) planCopy(pp *pkgPair, t model.TypeExpr) (*valuePlan, error) {
	t = unalias(t)
	if plainValue(t, nil) {
		return &valuePlan{kind: planAssign, in: t, out: t}, nil
	}
	switch x := t.(type) {
	case *model.Named:
		if x.Type.DeepCopyInto {
			return &valuePlan{kind: planDeepCopy, in: t, out: t}, nil
		}
		switch u := x.Type.Underlying.(type) {
		case *model.Struct:
			if err := g.needCopyHelper(pp, x.Type, u); err != nil {
				return nil, err
			}
			return &valuePlan{kind: planCopyHelper, in: t, out: t, copyOf: x.Type}, nil
		case nil:
			return nil, fmt.Errorf("%s has no DeepCopyInto method to copy it with", t)
		default:
			p, err := g.planCopy(pp, u)
			if err != nil {
				return nil, err
			}
			p.in, p.out = t, t
			return p, nil
		}
	case *model.Pointer:
		return g.copyElem(pp, planPointer, t, x.Elem)
	case *model.Slice:
		return g.copyElem(pp, planSlice, t, x.Elem)
	case *model.Array:
		return g.copyElem(pp, planArray, t, x.Elem)
	case *model.Map:
		elem, err := g.planCopy(pp, x.Elem)
		if err != nil {
			return nil, err
		}
		return &valuePlan{kind: planMap, in: t, out: t, key: &valuePlan{kind: planAssign, in: x.Key, out: x.Key}, elem: elem}, nil
	}
	return nil, fmt.Errorf("%s cannot be deep-copied field by field", t)
}

func (g *gen) copyElem(pp *pkgPair, kind planKind, t, elem model.TypeExpr) (*valuePlan, error) {
	e, err := g.planCopy(pp, elem)
	if err != nil {
		return nil, err
	}
	return &valuePlan{kind: kind, in: t, out: t, elem: e}, nil
}

// needCopyHelper records that a struct type without DeepCopyInto is copied
// by a generated helper, after checking that every field can be copied.
func (g *gen) needCopyHelper(pp *pkgPair, t *model.Type, st *model.Struct) error {
	if _, ok := pp.copies[t]; ok {
		return nil
	}
	pp.copies[t] = nil // guards recursion
	var fields []copyField
	for _, f := range st.Fields {
		if !f.Exported {
			return fmt.Errorf("%s has the unexported field %s and no DeepCopyInto method", t.Ident.Name, f.GoName)
		}
		p, err := g.planCopy(pp, f.Type)
		if err != nil {
			return err
		}
		fields = append(fields, copyField{field: f, plan: p})
	}
	pp.copies[t] = fields
	return nil
}

// copyField is one field of a generated copy helper.
type copyField struct {
	field *model.Field
	plan  *valuePlan
}

// plainValue reports whether a value of type t holds no pointers, slices,
// maps or interfaces, so that assignment copies it entirely.
func plainValue(t model.TypeExpr, seen map[*model.Type]bool) bool {
	switch x := unalias(t).(type) {
	case *model.Basic:
		return true
	case *model.Named:
		if x.Type.WellKnown || x.Type.Underlying == nil {
			return false
		}
		if seen[x.Type] {
			return false
		}
		if seen == nil {
			seen = map[*model.Type]bool{}
		}
		seen[x.Type] = true
		return plainValue(x.Type.Underlying, seen)
	case *model.Array:
		return plainValue(x.Elem, seen)
	case *model.Struct:
		for _, f := range x.Fields {
			if !plainValue(f.Type, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// unalias resolves a named alias to the type it stands for.
func unalias(t model.TypeExpr) model.TypeExpr {
	for {
		n, ok := t.(*model.Named)
		if !ok || !n.Type.Alias || n.Type.Underlying == nil {
			return t
		}
		t = n.Type.Underlying
	}
}

// basicOf returns the basic type of t, or of a named type declared on one.
func basicOf(t model.TypeExpr) *model.Basic {
	switch x := unalias(t).(type) {
	case *model.Basic:
		return x
	case *model.Named:
		if x.Type.WellKnown {
			return nil
		}
		if b, ok := x.Type.Underlying.(*model.Basic); ok {
			return b
		}
	}
	return nil
}

// identicalTypes reports whether a and b are the same Go type.
func identicalTypes(a, b model.TypeExpr) bool {
	a, b = unalias(a), unalias(b)
	switch x := a.(type) {
	case *model.Basic:
		y, ok := b.(*model.Basic)
		return ok && x.Name == y.Name
	case *model.Named:
		y, ok := b.(*model.Named)
		return ok && x.Type == y.Type
	case *model.Pointer:
		y, ok := b.(*model.Pointer)
		return ok && identicalTypes(x.Elem, y.Elem)
	case *model.Slice:
		y, ok := b.(*model.Slice)
		return ok && identicalTypes(x.Elem, y.Elem)
	case *model.Array:
		y, ok := b.(*model.Array)
		return ok && x.Len == y.Len && identicalTypes(x.Elem, y.Elem)
	case *model.Map:
		y, ok := b.(*model.Map)
		return ok && identicalTypes(x.Key, y.Key) && identicalTypes(x.Elem, y.Elem)
	case *model.Struct:
		return a == b
	}
	return false
}

// container reports whether a named type is declared on a pointer, slice,
// array or map type, which conversion walks like the unnamed type.
func container(t *model.Type) bool {
	switch t.Underlying.(type) {
	case *model.Pointer, *model.Slice, *model.Array, *model.Map:
		return true
	}
	return false
}

// local reports whether t is declared in the spoke or the hub package.
func local(pp *pkgPair, t *model.Type) bool {
	return t.Package == pp.spoke || t.Package == pp.hub
}
