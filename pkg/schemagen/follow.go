package schemagen

// This file implements follow, the one walk from a type expression through
// pointers and named types to what lies under them. Its callers differ
// only in the links they take and the named types they stop at.

import (
	"math/bits"

	"github.com/crdgen/crdgen/pkg/model"
)

// A link is a kind of step follow takes from one type expression to the
// next. A set of links is pointers, at most one of the others, or both.
type link uint8

const (
	// pointers steps from *T to T.
	pointers link = 1 << iota
	// underlying steps from a named type to its Underlying: the shape under
	// every name, or what an alias stands for. A well-known type has none.
	underlying
	// bases steps from a defined type to its Base and from an alias to what
	// it stands for: the types a schema comes from, as controller-gen
	// writes it (Type.Base).
	bases
	// aliases steps from an alias of a named type to that named type.
	aliases
)

// maxFollow bounds the steps follow takes. Only a cycle is longer, which Go
// rejects but a model of code that does not type-check may hold: "type A
// B; type B A" leaves A and B each other's Base.
const maxFollow = 100

// follow steps from e along the links in by and returns where it stopped:
// the first expression that no link in by leads on from, or a named type
// for which at returns true. If at is not nil, follow calls it with each
// named type it reaches, before stepping on from it. ok is false when
// follow took maxFollow steps without stopping; end is then where those
// steps led, which follow neither looked at nor passed to at.
func follow(e model.TypeExpr, by link, at func(*model.Type) (stop bool)) (end model.TypeExpr, ok bool) {
	if bits.OnesCount8(uint8(by&^pointers)) > 1 {
		panic("schemagen: follow takes at most one link from named types")
	}
	for range maxFollow {
		if n, isNamed := e.(*model.Named); isNamed && at != nil && at(n.Type) {
			return e, true
		}
		next, more := step(e, by)
		if !more {
			return e, true
		}
		e = next
	}
	return e, false
}

// step returns the expression the links in by lead to from e, or false.
func step(e model.TypeExpr, by link) (model.TypeExpr, bool) {
	switch x := e.(type) {
	case *model.Pointer:
		if by&pointers != 0 {
			return x.Elem, true
		}
	case *model.Named:
		t := x.Type
		switch {
		case by&underlying != 0 && t.Underlying != nil:
			return t.Underlying, true
		case by&bases != 0 && t.Base != nil && !t.Alias:
			return &model.Named{Type: t.Base}, true
		case by&bases != 0 && t.Alias && t.Underlying != nil:
			return t.Underlying, true
		case by&aliases != 0 && t.Alias:
			if n, ok := t.Underlying.(*model.Named); ok {
				return n, true
			}
		}
	}
	return nil, false
}
