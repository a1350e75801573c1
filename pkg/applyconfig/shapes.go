package applyconfig

// This file implements the view of Go types that code-generator's
// applyconfiguration-gen works on (the types of k8s.io/gengo): a named type
// defined over a struct is a struct with that name; one defined over a
// basic type, a map or a slice is an "alias" of that shape; a Go alias is
// its target. Which members a struct has, which types get apply
// configurations and how names are spelt all follow from this view.

import (
	"github.com/crdgen/crdgen/pkg/model"
)

// kind is the kind of a shape, gengo's types.Kind.
type kind uint8

const (
	kindOther kind = iota
	kindBuiltin
	kindStruct
	kindMap
	kindSlice
	kindArray
	kindPointer
	// kindAlias is a named type defined over a basic type, a map or a slice.
	kindAlias
	kindInterface
)

// shape is a Go type as gengo sees it.
type shape struct {
	kind kind
	// id names a named type, or an apply configuration type; it is zero for
	// the shapes Go spells out (pointers, slices, maps, builtins...).
	id model.GoIdent
	// builtin is the name of a builtin type ("string", "int32").
	builtin string
	// elem is the element of a pointer, slice, array or map; key a map's key.
	elem, key *shape
	// under is what an alias is defined over.
	under *shape
	// members are a struct's fields, in declaration order.
	members []*member
	// arrayLen is an array's length; desc spells an interface.
	arrayLen int64
	desc     string
	// t is the model type of a named shape (nil for apply configurations).
	t *model.Type
}

// member is a struct field.
type member struct {
	name     string
	embedded bool
	tag      jsonTag
	typ      *shape
	// f is the model field: its markers and comments.
	f *model.Field
}

// jsonTag is a member's json tag as code-generator reads it.
type jsonTag struct {
	// ok is false when the tag is missing or "-": the member is skipped.
	ok bool
	// name is the tag's name, or the Go name when the tag has none.
	name string
	// inline is true for an embedded member whose tag has no name.
	inline    bool
	omitEmpty bool
}

// String spells the tag's value as the generated struct writes it.
func (j jsonTag) String() string {
	s := ""
	if !j.inline {
		s = j.name
	}
	if j.omitEmpty {
		s += ",omitempty"
	}
	return s
}

// named reports whether a shape has a name of its own.
func (s *shape) named() bool { return s.id.Name != "" }

// deref strips pointers.
func (s *shape) deref() *shape {
	for s.kind == kindPointer {
		s = s.elem
	}
	return s
}

// nillable reports whether a member of this shape is written without a
// pointer in an apply configuration (slices and maps, not named ones).
func (s *shape) nillable() bool { return s.kind == kindSlice || s.kind == kindMap }

// shapes builds and keeps the shapes of one API package's types.
type shapes struct {
	m      *model.Model
	byType map[*model.Type]*shape
	meta   map[model.GoIdent]*model.Type
}

func newShapes(m *model.Model) *shapes {
	sh := &shapes{m: m, byType: map[*model.Type]*shape{}}
	sh.meta = metaTypes(sh.lookup)
	return sh
}

// lookup returns the model type of id, or nil.
func (sh *shapes) lookup(id model.GoIdent) *model.Type {
	if sh.m == nil {
		return nil
	}
	return sh.m.Lookup(id)
}

// resolve replaces a well-known type the model does not walk into by the
// fixed description crdgen has of it (metav1.ObjectMeta and the types it
// reaches, metav1.go).
func (sh *shapes) resolve(t *model.Type) *model.Type {
	if t.Underlying == nil {
		if fixed, ok := sh.meta[t.Ident]; ok {
			return fixed
		}
	}
	return t
}

// named returns the shape of a named type or alias.
func (sh *shapes) named(t *model.Type) *shape {
	t = sh.resolve(t)
	if t.Alias && t.Underlying != nil {
		return sh.of(t.Underlying)
	}
	if s, ok := sh.byType[t]; ok {
		return s
	}
	s := &shape{id: t.Ident, t: t}
	sh.byType[t] = s
	switch u := t.Underlying.(type) {
	case nil:
		// The well-known types (metav1.Time, resource.Quantity...) are
		// all structs.
		s.kind = kindStruct
	case *model.Struct:
		s.kind = kindStruct
		s.members = sh.members(u)
	case *model.Basic, *model.Map, *model.Slice:
		s.kind = kindAlias
		s.under = sh.of(u)
	default:
		un := sh.of(u)
		s.kind, s.elem, s.key, s.arrayLen, s.desc = un.kind, un.elem, un.key, un.arrayLen, un.desc
	}
	return s
}

// of returns the shape of a type expression.
func (sh *shapes) of(e model.TypeExpr) *shape {
	switch x := e.(type) {
	case *model.Basic:
		return &shape{kind: kindBuiltin, builtin: x.Name}
	case *model.Named:
		return sh.named(x.Type)
	case *model.Pointer:
		return &shape{kind: kindPointer, elem: sh.of(x.Elem)}
	case *model.Slice:
		return &shape{kind: kindSlice, elem: sh.of(x.Elem)}
	case *model.Array:
		return &shape{kind: kindArray, elem: sh.of(x.Elem), arrayLen: x.Len}
	case *model.Map:
		return &shape{kind: kindMap, key: sh.of(x.Key), elem: sh.of(x.Elem)}
	case *model.Struct:
		return &shape{kind: kindStruct, members: sh.members(x)}
	case *model.Interface:
		return &shape{kind: kindInterface, desc: x.Desc}
	}
	return &shape{kind: kindOther, desc: e.String()}
}

func (sh *shapes) members(st *model.Struct) []*member {
	out := make([]*member, 0, len(st.Fields))
	for _, f := range st.Fields {
		out = append(out, &member{name: f.GoName, embedded: f.Embedded, tag: tagOf(f), typ: sh.of(f.Type), f: f})
	}
	return out
}

// tagOf reads a field's json tag the way code-generator does: the name as
// written (even one encoding/json ignores), and inline only for an
// embedded field without a name.
func tagOf(f *model.Field) jsonTag {
	if !f.HasJSONTag || f.Ignored {
		return jsonTag{}
	}
	name := f.JSONName
	if name == "" {
		name = f.IgnoredJSONName
	}
	j := jsonTag{ok: true, name: name, inline: f.Embedded && name == "", omitEmpty: f.OmitEmpty}
	if name == "" {
		j.name = f.GoName
	}
	return j
}
