package schemapath

// This file implements the walker: every schema below a node, with its
// path, for both forms of a schema.

import (
	"slices"
	"strconv"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Schema is a schema node in either form: apiextensions/v1 or the API
// server's internal one. Both have the same shape.
type Schema interface {
	apiextv1.JSONSchemaProps | apiextensions.JSONSchemaProps
}

// Walk calls visit on s and every schema below it, depth first, with its
// path: properties in name order, then a list's items, then a map's
// values, then allOf, anyOf, oneOf and not. When visit returns false, the
// nodes below that one are skipped. Walk only reads: a property visit
// changes is a copy. Edit is the walker that writes.
//
// A property is visited as a copy the walk reuses: the node a visit gets
// stays as it is while the walk is at or below it (a child's visit may
// read its parent's), and a visit that keeps a node for later keeps a copy
// of it, not the pointer.
//
// The paths share one buffer: a path stays as it is while the walk is at or
// below its node (a child's visit may keep its parent's), and a visit that
// keeps its path for later keeps a copy (Path.Child and append copy).
func Walk[S Schema](s *S, visit func(s *S, at Path) bool) {
	walkPlain(s, false, visit)
}

// Edit is Walk for a visit that changes nodes: every change is kept.
func Edit[S Schema](s *S, visit func(s *S, at Path) bool) {
	walkPlain(s, true, visit)
}

// walkPlain is Walk and Edit, with a walker from the pool: schemagen
// expands each named type with a walk of its own, thousands of small walks
// a CRD, and a new walker for each made its tables of names, segments and
// scratch nodes again.
func walkPlain[S Schema](s *S, edit bool, visit func(s *S, at Path) bool) {
	pool := plainWalkers[S]()
	w, _ := pool.Get().(*walker[S, struct{}])
	if w == nil {
		w = &walker[S, struct{}]{shape: shapeOf[S]()}
	}
	w.edit = edit
	w.visit = func(s *S, at Path, _ struct{}) (struct{}, bool) {
		return struct{}{}, visit(s, at)
	}
	w.walk(s, 0, struct{}{})
	w.visit = nil
	w.path = w.path[:0]
	pool.Put(w)
}

// v1Walkers and internalWalkers pool the walkers of Walk and Edit, one
// pool per form of a schema.
var v1Walkers, internalWalkers sync.Pool

func plainWalkers[S Schema]() *sync.Pool {
	if _, ok := any((*S)(nil)).(*apiextv1.JSONSchemaProps); ok {
		return &v1Walkers
	}
	return &internalWalkers
}

// Descend is Walk for a visit that hands its children a value: visit gets
// what its parent's visit returned (top for s) and returns what its own
// children get.
func Descend[S Schema, T any](s *S, top T, visit func(s *S, at Path, above T) (T, bool)) {
	w := &walker[S, T]{shape: shapeOf[S](), visit: visit}
	w.walk(s, 0, top)
}

// Has reports whether pred holds for s or any schema below it.
func Has[S Schema](s *S, pred func(*S) bool) bool {
	found := false
	Walk(s, func(x *S, _ Path) bool {
		found = found || pred(x)
		return !found
	})
	return found
}

// At returns the node at p below s, or nil when there is none. A property
// is a copy: change nodes with EditAt.
func At[S Schema](s *S, p Path) *S {
	sh := shapeOf[S]()
	for _, seg := range p {
		if s == nil {
			return nil
		}
		s = sh.child(s, seg, nil)
	}
	return s
}

// EditAt calls fn on the node at p below s, if there is one, and keeps
// what it changes.
func EditAt[S Schema](s *S, p Path, fn func(*S)) {
	if s == nil {
		return
	}
	if len(p) == 0 {
		fn(s)
		return
	}
	shapeOf[S]().child(s, p[0], func(c *S) { EditAt(c, p[1:], fn) })
}

// walker is one walk. Its path buffer, and per depth its property names
// and the copy of the property being walked, are reused from node to node,
// and a property's path segment is made once per name: a walk over a large
// schema allocates next to nothing (the copies escaped to the heap one by
// one, a third of what a 700-CRD run allocated).
type walker[S Schema, T any] struct {
	shape shape[S]
	visit func(*S, Path, T) (T, bool)
	edit  bool
	path  Path
	names [][]string
	props []*S
	segs  map[string]string
}

func (w *walker[S, T]) walk(s *S, depth int, above T) {
	if s == nil {
		return
	}
	here, deeper := w.visit(s, w.path[:depth:depth], above)
	if !deeper {
		return
	}
	sh := w.shape
	if props := sh.properties(s); len(props) > 0 {
		names := w.sortedNames(depth, props)
		p := w.propertyAt(depth)
		for _, name := range names {
			*p = props[name]
			w.child(p, depth, w.segment(name), here)
			if w.edit {
				props[name] = *p
			}
		}
		var zero S
		*p = zero
	}
	items, tuple := sh.items(s)
	w.child(items, depth, "items", here)
	for i := range tuple {
		w.child(&tuple[i], depth, "items["+strconv.Itoa(i)+"]", here)
	}
	w.child(sh.values(s), depth, "additionalProperties", here)
	for k, list := range sh.combined(s) {
		for i := range list {
			w.child(&list[i], depth, combiners[k]+"["+strconv.Itoa(i)+"]", here)
		}
	}
	w.child(sh.not(s), depth, "not", here)
}

// child walks a child of the node at depth, at segment seg.
func (w *walker[S, T]) child(c *S, depth int, seg string, above T) {
	if c == nil {
		return
	}
	w.path = append(w.path[:depth], seg)
	w.walk(c, depth+1, above)
}

// propertyAt returns the node the properties of a node at depth are copied
// into to be walked, one after the other.
func (w *walker[S, T]) propertyAt(depth int) *S {
	for len(w.props) <= depth {
		w.props = append(w.props, new(S))
	}
	return w.props[depth]
}

// segment returns the path segment of a property.
func (w *walker[S, T]) segment(name string) string {
	seg, ok := w.segs[name]
	if !ok {
		if w.segs == nil {
			w.segs = map[string]string{}
		}
		seg = "properties[" + name + "]"
		w.segs[name] = seg
	}
	return seg
}

// sortedNames returns the property names in order, in the list of depth.
func (w *walker[S, T]) sortedNames(depth int, props map[string]S) []string {
	for len(w.names) <= depth {
		w.names = append(w.names, nil)
	}
	names := w.names[depth][:0]
	for name := range props {
		names = append(names, name)
	}
	slices.Sort(names)
	w.names[depth] = names
	return names
}

// combiners names the lists of shape.combined.
var combiners = [3]string{"allOf", "anyOf", "oneOf"}

// shape reads the schemas below a node of one form.
type shape[S Schema] struct {
	properties func(*S) map[string]S
	items      func(*S) (schema *S, tuple []S)
	values     func(*S) *S
	combined   func(*S) [3][]S // allOf, anyOf, oneOf
	not        func(*S) *S
}

// child finds the child of s at one segment; with edit, it calls edit on
// it and writes a property back.
func (sh shape[S]) child(s *S, seg string, edit func(*S)) *S {
	var c *S
	name, index, indexed := splitSegment(seg)
	switch {
	case name == "properties" && indexed:
		props := sh.properties(s)
		p, ok := props[index]
		if !ok {
			return nil
		}
		if edit != nil {
			edit(&p)
			props[index] = p
			return nil
		}
		return &p
	case seg == "items":
		c, _ = sh.items(s)
	case seg == "additionalProperties":
		c = sh.values(s)
	case seg == "not":
		c = sh.not(s)
	case indexed:
		c = sh.indexed(s, name, index)
	}
	if c != nil && edit != nil {
		edit(c)
	}
	return c
}

// indexed finds items[i], allOf[i], anyOf[i] or oneOf[i].
func (sh shape[S]) indexed(s *S, name, index string) *S {
	i, err := strconv.Atoi(index)
	if err != nil || i < 0 {
		return nil
	}
	var list []S
	if name == "items" {
		_, list = sh.items(s)
	} else if k := slices.Index(combiners[:], name); k >= 0 {
		list = sh.combined(s)[k]
	}
	if i >= len(list) {
		return nil
	}
	return &list[i]
}

func shapeOf[S Schema]() shape[S] {
	switch any((*S)(nil)).(type) {
	case *apiextv1.JSONSchemaProps:
		return any(v1Shape).(shape[S])
	default:
		return any(internalShape).(shape[S])
	}
}

var v1Shape = shape[apiextv1.JSONSchemaProps]{
	properties: func(s *apiextv1.JSONSchemaProps) map[string]apiextv1.JSONSchemaProps { return s.Properties },
	items: func(s *apiextv1.JSONSchemaProps) (*apiextv1.JSONSchemaProps, []apiextv1.JSONSchemaProps) {
		if s.Items == nil {
			return nil, nil
		}
		return s.Items.Schema, s.Items.JSONSchemas
	},
	values: func(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
		if s.AdditionalProperties == nil {
			return nil
		}
		return s.AdditionalProperties.Schema
	},
	combined: func(s *apiextv1.JSONSchemaProps) [3][]apiextv1.JSONSchemaProps {
		return [3][]apiextv1.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf}
	},
	not: func(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps { return s.Not },
}

var internalShape = shape[apiextensions.JSONSchemaProps]{
	properties: func(s *apiextensions.JSONSchemaProps) map[string]apiextensions.JSONSchemaProps { return s.Properties },
	items: func(s *apiextensions.JSONSchemaProps) (*apiextensions.JSONSchemaProps, []apiextensions.JSONSchemaProps) {
		if s.Items == nil {
			return nil, nil
		}
		return s.Items.Schema, s.Items.JSONSchemas
	},
	values: func(s *apiextensions.JSONSchemaProps) *apiextensions.JSONSchemaProps {
		if s.AdditionalProperties == nil {
			return nil
		}
		return s.AdditionalProperties.Schema
	},
	combined: func(s *apiextensions.JSONSchemaProps) [3][]apiextensions.JSONSchemaProps {
		return [3][]apiextensions.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf}
	},
	not: func(s *apiextensions.JSONSchemaProps) *apiextensions.JSONSchemaProps { return s.Not },
}
