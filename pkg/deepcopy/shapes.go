package deepcopy

// This file implements the questions the object generator asks of a Go
// type, answered from the model the way controller-gen v0.23.0 answers them
// from go/types (its pkg/deepcopy/traverse.go): which hand-written methods
// a type has, what it is under every name, whether a shallow copy is a deep
// one. Where controller-gen's answer follows from how go/types represents
// an alias (a *types.Alias is neither a *types.Named nor a shape), the
// answer here is the same, so that the output is.

import "github.com/crdgen/crdgen/pkg/model"

// unalias follows alias declarations (type A = B) to the type they stand
// for, as go/types' method lookup does.
func unalias(t model.TypeExpr) model.TypeExpr {
	for {
		n, ok := t.(*model.Named)
		if !ok || !n.Type.Alias || n.Type.Underlying == nil {
			return t
		}
		t = n.Type.Underlying
	}
}

// eventual returns the shape under every name of t (controller-gen's
// eventualUnderlyingType), or nil when the model holds no shape for a
// named type (one the load did not walk into).
func eventual(t model.TypeExpr) model.TypeExpr {
	for {
		n, ok := t.(*model.Named)
		if !ok {
			return t
		}
		if n.Type.Underlying == nil {
			return nil
		}
		t = n.Type.Underlying
	}
}

// manualOf returns the hand-written DeepCopy methods that go/types' method
// lookup finds on a value of type t, pointer methods included and promoted
// ones left out: a named type's own, or for a pointer to a named type the
// element's (a pointer to an interface has none).
func manualOf(t model.TypeExpr) model.ManualDeepCopy {
	switch x := unalias(t).(type) {
	case *model.Named:
		return x.Type.Manual
	case *model.Pointer:
		n, ok := unalias(x.Elem).(*model.Named)
		if !ok {
			return model.ManualDeepCopy{}
		}
		switch eventual(n).(type) {
		case *model.Pointer, *model.Interface:
			return model.ManualDeepCopy{}
		}
		return n.Type.Manual
	}
	return model.ManualDeepCopy{}
}

// hasManual reports whether t has a hand-written DeepCopy or DeepCopyInto
// (controller-gen's hasAnyDeepCopyMethod).
func hasManual(t model.TypeExpr) bool {
	m := manualOf(t)
	return m.DeepCopy != model.NoMethod || m.DeepCopyInto != model.NoMethod
}

// copyIsPointer reports whether calling DeepCopy on a value of type t gives
// a pointer: what a hand-written DeepCopy returns, or else what the
// generated one will (controller-gen's resultWillBePointer). An alias
// answers yes whatever it stands for, as in controller-gen.
func copyIsPointer(t model.TypeExpr) bool {
	if m := manualOf(t); m.DeepCopy != model.NoMethod {
		return m.DeepCopy == model.PointerReceiver
	}
	return shapeCopyIsPointer(t)
}

func shapeCopyIsPointer(t model.TypeExpr) bool {
	switch x := t.(type) {
	case *model.Pointer:
		return shapeCopyIsPointer(x.Elem)
	case *model.Map, *model.Slice:
		return false
	case *model.Named:
		if x.Type.Alias || x.Type.Underlying == nil {
			return true
		}
		return shapeCopyIsPointer(x.Type.Underlying)
	}
	return true
}

// shallowSafe reports whether a shallow copy of a t is a deep one
// (controller-gen's fineToShallowCopy): a basic type, a named type over
// one, or a struct of such fields, unexported ones included. An alias is
// not, whatever it stands for: go/types gives controller-gen a
// *types.Alias, which its switch does not know.
func shallowSafe(t model.TypeExpr) bool {
	switch x := t.(type) {
	case *model.Basic:
		return true
	case *model.Named:
		if x.Type.Alias || x.Type.Underlying == nil {
			return false
		}
		return shallowSafe(x.Type.Underlying)
	case *model.Struct:
		for _, f := range x.Fields {
			if !shallowSafe(f.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// byReference reports whether a shape is a slice, a map or a pointer
// (controller-gen's passesByReference, and "ref kind" in its rules).
func byReference(shape model.TypeExpr) bool {
	switch shape.(type) {
	case *model.Slice, *model.Map, *model.Pointer:
		return true
	}
	return false
}

// isPointer reports whether t is written as a pointer (*X), not a name.
func isPointer(t model.TypeExpr) bool {
	_, ok := t.(*model.Pointer)
	return ok
}

// valueReceiver reports whether a type's methods take the value: its shape
// is a slice, a map or a pointer (controller-gen's usePtrReceiver, negated).
func valueReceiver(t *model.Type) bool {
	return byReference(eventual(&model.Named{Type: t}))
}

// isStruct reports whether a shape is a struct.
func isStruct(shape model.TypeExpr) bool {
	_, ok := shape.(*model.Struct)
	return ok
}

// namedPointer reports whether t is a defined type over a pointer (type P
// *T), which has no methods, and lets call none of its element's.
func namedPointer(t model.TypeExpr) bool {
	n, ok := unalias(t).(*model.Named)
	return ok && isPointer(n.Type.Underlying)
}

// isInterface reports whether t is an interface, under every name.
func isInterface(t model.TypeExpr) bool {
	_, ok := eventual(t).(*model.Interface)
	return ok
}
