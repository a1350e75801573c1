package deepcopy

// This file implements the bodies of DeepCopyInto: controller-gen
// v0.23.0's rules for each shape (its genDeepCopyIntoBlock and the
// gen*DeepCopy functions), statement for statement, in the same order, so
// that the same imports are needed in the same order. Where controller-gen
// writes code that does not compile or panics, the rules here write code
// that does not, or report the field, and say so where they do: slices of
// pointers or interfaces with a hand-written DeepCopy, nil interfaces and
// pointers whose DeepCopy takes the value, pointers to interfaces, named
// pointer types, structs without DeepCopyInto, and map keys and values of
// an alias to a basic type.

import "github.com/crdgen/crdgen/pkg/model"

// genBlock writes the copy of *in into *out for a value of declared type t
// (controller-gen's genDeepCopyIntoBlock).
func (g *gen) genBlock(n name, t model.TypeExpr) {
	shape := eventual(t)
	if !isPointer(shape) && hasManual(t) {
		g.line("*out = in.DeepCopy()")
		return
	}
	switch x := shape.(type) {
	case *model.Basic:
		g.line("*out = *in")
	case *model.Map:
		g.genMap(n, x)
	case *model.Slice:
		g.genSlice(n, x)
	case *model.Struct:
		g.genStruct(x)
	case *model.Pointer:
		if namedPointer(t) && (hasManual(x.Elem) || isStruct(eventual(x.Elem))) {
			// controller-gen calls (*in).DeepCopyInto or DeepCopy on
			// the named pointer, which Go gives no methods.
			g.fail("invalid type: %s, a named pointer type", describe(t))
			return
		}
		g.genPointer(x)
	default:
		g.fail("invalid type: %s", describe(t))
	}
}

// genStruct copies a struct: all of it, then each field that is not a
// plain value. A field that cannot be copied is reported and the others
// are still copied (controller-gen stops at it, and drops the fields after
// it without a word).
func (g *gen) genStruct(s *model.Struct) {
	g.line("*out = *in")
	for _, f := range s.Fields {
		mark := g.mark()
		g.genField(f)
		g.undoField(mark, f)
	}
}

func (g *gen) genField(f *model.Field) {
	name := f.GoName
	if hasManual(f.Type) {
		switch {
		case isPointer(f.Type):
			g.linef("if in.%s != nil {", name)
			g.linef("in, out := &in.%[1]s, &out.%[1]s", name)
			g.genBlock(nameOf(f.Type), f.Type)
			g.line("}")
		case isInterface(f.Type):
			// controller-gen calls DeepCopy on a nil interface too, and
			// copying a zero value panics.
			g.linef("if in.%s != nil {", name)
			g.linef("out.%[1]s = in.%[1]s.DeepCopy()", name)
			g.line("}")
		case !copyIsPointer(f.Type):
			g.linef("out.%[1]s = in.%[1]s.DeepCopy()", name)
		default:
			g.linef("in.%[1]s.DeepCopyInto(&out.%[1]s)", name)
		}
		return
	}
	shape := eventual(f.Type)
	if byReference(shape) {
		g.linef("if in.%s != nil {", name)
		g.linef("in, out := &in.%[1]s, &out.%[1]s", name)
		g.genBlock(nameOf(f.Type), f.Type)
		g.line("}")
		return
	}
	switch shape.(type) {
	case *model.Basic:
		// copied by *out = *in
	case *model.Struct:
		if shallowSafe(f.Type) {
			g.linef("out.%[1]s = in.%[1]s", name)
		} else {
			g.needGenerated(f.Type)
			g.linef("in.%[1]s.DeepCopyInto(&out.%[1]s)", name)
		}
	default:
		g.fail("invalid field type: %s", describe(f.Type))
	}
}

func nameOf(t model.TypeExpr) name { return name{t: t} }

// needGenerated checks that a struct type without hand-written methods,
// whose DeepCopyInto or DeepCopy the code calls, has them: generated in
// its package's deepcopy file, or by this run. controller-gen assumes
// they exist, and the package does not compile when they do not (a
// struct from a package without DeepCopy, an unexported or disabled type,
// an anonymous struct: istio/api#1442).
func (g *gen) needGenerated(t model.TypeExpr) {
	n, ok := unalias(t).(*model.Named)
	switch {
	case !ok:
		g.fail("invalid type: %s, an anonymous struct, which has no DeepCopyInto", t)
	case !g.run.hasDeepCopyInto(n.Type):
		g.fail("%s has no DeepCopyInto method, and none is generated for it", n)
	}
}

// genMap copies a map whose keys copy shallowly, value by value.
func (g *gen) genMap(n name, m *model.Map) {
	// controller-gen takes no alias for a shallow-copyable key, and
	// reports "invalid map key type"; the type it stands for may be one.
	if !shallowSafe(unalias(m.Key)) {
		g.fail("invalid map key type: %s", describe(m.Key))
		return
	}
	g.linef("*out = make(%s, len(*in))", g.spell(n))
	g.line("for key, val := range *in {")
	g.genMapValue(m.Elem)
	g.line("}")
}

func (g *gen) genMapValue(elem model.TypeExpr) {
	switch {
	case hasManual(elem):
		valIsPtr, copyIsPtr := isPointer(elem), copyIsPointer(elem)
		switch {
		case isInterface(elem) || valIsPtr && !copyIsPtr:
			// controller-gen calls DeepCopy on a nil value too, which
			// panics on a nil interface, or a nil pointer to a type whose
			// DeepCopy takes the value (resource.Quantity).
			g.line("if val == nil {")
			g.line("(*out)[key] = nil")
			g.line("} else {")
			g.genMapCall(valIsPtr, copyIsPtr, false)
			g.line("}")
		default:
			g.genMapCall(valIsPtr, copyIsPtr, true)
		}
		return
	case shallowSafe(elem):
		g.line("(*out)[key] = val")
		return
	}
	shape := eventual(elem)
	if byReference(shape) {
		g.linef("var outVal %s", g.typeName(shape))
		g.line("if val == nil {")
		g.line("(*out)[key] = nil")
		g.line("} else {")
		g.line("inVal := (*in)[key]")
		g.line("in, out := &inVal, &outVal")
		g.genBlock(nameOf(elem), elem)
		g.line("}")
		g.line("(*out)[key] = outVal")
		return
	}
	if _, ok := shape.(*model.Struct); ok {
		g.needGenerated(elem)
		g.line("(*out)[key] = *val.DeepCopy()")
		return
	}
	if shallowSafe(unalias(elem)) {
		// An alias to a basic type: controller-gen reports "invalid map
		// value type".
		g.line("(*out)[key] = val")
		return
	}
	g.fail("invalid map value type: %s", describe(elem))
}

// genMapCall copies a map value with its hand-written DeepCopy; block
// puts a temporary in a block of its own (controller-gen's way, where no
// other block holds it).
func (g *gen) genMapCall(valIsPtr, copyIsPtr, block bool) {
	switch {
	case copyIsPtr == valIsPtr:
		g.line("(*out)[key] = val.DeepCopy()")
	case valIsPtr:
		if block {
			g.line("{")
		}
		g.line("x := val.DeepCopy()")
		g.line("(*out)[key] = &x")
		if block {
			g.line("}")
		}
	default:
		g.line("(*out)[key] = *val.DeepCopy()")
	}
}

// genSlice copies a slice element by element, or with copy when the
// elements copy shallowly.
func (g *gen) genSlice(n name, s *model.Slice) {
	elem, shape := s.Elem, eventual(s.Elem)
	g.linef("*out = make(%s, len(*in))", g.spell(n))
	switch {
	case hasManual(elem) && isPointer(unalias(elem)):
		// controller-gen calls (*in)[i].DeepCopyInto(&(*out)[i]) here,
		// which does not compile: the element is a pointer. This is the
		// pointer rule, as for any other slice of pointers.
		g.line("for i := range *in {")
		g.genElemBlock(elem)
		g.line("}")
	case hasManual(elem) && isInterface(elem):
		// controller-gen calls DeepCopyInto here, which an interface does
		// not have: its DeepCopy gives the copy.
		g.line("for i := range *in {")
		g.line("if (*in)[i] != nil {")
		g.line("(*out)[i] = (*in)[i].DeepCopy()")
		g.line("}")
		g.line("}")
	case hasManual(elem):
		g.line("for i := range *in {")
		g.line("(*in)[i].DeepCopyInto(&(*out)[i])")
		g.line("}")
	case shallowSafe(shape):
		g.line("copy(*out, *in)")
	default:
		g.line("for i := range *in {")
		g.genSliceElem(elem, shape)
		g.line("}")
	}
}

func (g *gen) genSliceElem(elem, shape model.TypeExpr) {
	if byReference(shape) {
		g.genElemBlock(elem)
		return
	}
	if _, ok := shape.(*model.Struct); ok {
		g.needGenerated(elem)
		g.line("(*in)[i].DeepCopyInto(&(*out)[i])")
		return
	}
	g.fail("invalid slice element type: %s", describe(elem))
}

// genElemBlock copies a slice element that is a slice, a map or a pointer.
func (g *gen) genElemBlock(elem model.TypeExpr) {
	g.line("if (*in)[i] != nil {")
	g.line("in, out := &(*in)[i], &(*out)[i]")
	g.genBlock(nameOf(elem), elem)
	g.line("}")
}

// genPointer copies what a pointer points to.
func (g *gen) genPointer(p *model.Pointer) {
	elem, shape := p.Elem, eventual(p.Elem)
	if isInterface(elem) {
		// controller-gen calls (*in).DeepCopy() on a pointer to an
		// interface with DeepCopy, which does not compile.
		g.fail("invalid pointer element type: %s", describe(elem))
		return
	}
	if hasManual(elem) {
		if copyIsPointer(elem) {
			g.line("*out = (*in).DeepCopy()")
		} else {
			g.line("x := (*in).DeepCopy()")
			g.line("*out = &x")
		}
		return
	}
	if shallowSafe(shape) {
		g.linef("*out = new(%s)", g.typeName(elem))
		g.line("**out = **in")
		return
	}
	if byReference(shape) {
		// The declared element keeps its name: new(StrSlice), not
		// new([]string) (controller-tools #586).
		g.linef("*out = new(%s)", g.typeName(elem))
		g.line("if **in != nil {")
		g.line("in, out := *in, *out")
		g.genBlock(nameOf(elem), elem)
		g.line("}")
		return
	}
	if _, ok := shape.(*model.Struct); ok {
		g.linef("*out = new(%s)", g.typeName(elem))
		g.needGenerated(elem)
		g.line("(*in).DeepCopyInto(*out)")
		return
	}
	g.fail("invalid pointer element type: %s", describe(elem))
}

// describe spells a declared type in a message, and says what it is when
// its name does not.
func describe(t model.TypeExpr) string {
	n, ok := t.(*model.Named)
	if !ok {
		return t.String()
	}
	switch shape := eventual(n).(type) {
	case nil:
		return n.String() + ", whose shape the model does not hold (it was loaded with WellKnown)"
	case *model.Interface:
		return n.String() + ", an interface without DeepCopy"
	case *model.Array:
		return n.String() + ", an array"
	case *model.Unsupported:
		return n.String() + ", " + shape.String()
	}
	return n.String()
}
