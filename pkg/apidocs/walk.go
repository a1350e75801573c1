package apidocs

// This file implements the walk that pairs the model with the CRDs: from
// each kind's Go type and its version's schema, down every field to the
// named types they reach, keeping of each type the schema nodes it has in
// each feature set and of each field its node.

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/model"
)

// typeDoc is what the reference says of a named type: a section in the
// file of its home unit.
type typeDoc struct {
	t *model.Type
	// kind is set for a kind's type, whose section is the kind's.
	kind *kindDoc
	// sites are, per build, the schema nodes of the places the type is
	// used (its rows are filled from the first).
	sites [][]*apiextv1.JSONSchemaProps
	// rows are the fields, in source order with inline fields flattened;
	// extraAt is where the schema's properties that no field declares go
	// (apiVersion and kind of an inline metav1.TypeMeta), and claimed are
	// the top-level properties rows take.
	rows    []*row
	built   bool
	extraAt int
	claimed map[string]bool
	// parents are the types whose fields use this one ("Appears in"), and
	// reached the units whose kinds reach it, in the order met.
	parents []*typeDoc
	reached []*unit
	// own caches ownConstraints, per build.
	own []*[]string
	// home is the unit whose file holds the section; heading is the
	// heading's Markdown and anchor its anchor there.
	home            *unit
	heading, anchor string
}

// row is one field of a type's table: the property path from the type's
// node (a field of an anonymous struct adds a step), its Go type (nil for
// a property only the schema has), and per build its node and whether its
// parent requires it.
type row struct {
	path     []string
	expr     model.TypeExpr
	nodes    []*apiextv1.JSONSchemaProps
	required []bool
}

// typeDoc returns the type's entry, made on first use.
func (g *gen) typeDoc(t *model.Type) *typeDoc {
	if td, ok := g.types[t]; ok {
		return td
	}
	td := &typeDoc{t: t, sites: make([][]*apiextv1.JSONSchemaProps, len(g.builds)), extraAt: -1, claimed: map[string]bool{}}
	g.types[t] = td
	g.typeOrder = append(g.typeOrder, td)
	return td
}

// resolve follows aliases to the type they name.
func resolve(t *model.Type) *model.Type {
	for t.Alias && t.Base != nil {
		t = t.Base
	}
	return t
}

// documented reports whether a type gets a section: a type of the
// packages crdgen was given (not a dependency's), walked into.
func documented(t *model.Type) bool {
	return t.Package != nil && t.Package.Root && !t.WellKnown && t.Underlying != nil
}

// walkKind walks a kind's type with its version's schema in build s.
func (g *gen) walkKind(s int, kd *kindDoc) {
	t := resolve(kd.kind.Type)
	td := g.typeDoc(t)
	td.kind = kd
	kd.td = td
	v := kd.vers[s]
	if v == nil || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		return
	}
	g.walkType(s, kd.unit, t, v.Schema.OpenAPIV3Schema, nil, true)
}

// walkType records that type t is used at node (from a field of from) in
// build s, reached from unit u, and walks its fields the first time.
func (g *gen) walkType(s int, u *unit, t *model.Type, node *apiextv1.JSONSchemaProps, from *typeDoc, kind bool) {
	t = resolve(t)
	if node == nil || !kind && !documented(t) || t.Underlying == nil {
		return
	}
	td := g.typeDoc(t)
	td.addParent(from)
	td.reach(u)
	first := len(td.sites[s]) == 0
	td.sites[s] = append(td.sites[s], node)
	if !first {
		return
	}
	st, ok := t.Underlying.(*model.Struct)
	if !ok {
		g.walkExpr(s, u, t.Underlying, node, td)
		return
	}
	if !td.built {
		td.built = true
		td.addRows(st.Fields, nil, map[*model.Type]bool{t: true})
		for _, r := range td.rows {
			td.claimed[r.path[0]] = true
		}
	}
	for _, r := range td.rows {
		if r.nodes == nil {
			r.nodes = make([]*apiextv1.JSONSchemaProps, len(g.builds))
			r.required = make([]bool, len(g.builds))
		}
		n, parent := lookup(node, r.path)
		r.nodes[s] = n
		r.required[s] = parent != nil && contains(parent.Required, r.path[len(r.path)-1])
		if n != nil && r.expr != nil {
			g.walkExpr(s, u, r.expr, n, td)
		}
	}
}

// walkExpr walks a field's Go type with its node to the named types in it.
func (g *gen) walkExpr(s int, u *unit, expr model.TypeExpr, node *apiextv1.JSONSchemaProps, from *typeDoc) {
	if node == nil {
		return
	}
	switch e := expr.(type) {
	case *model.Pointer:
		g.walkExpr(s, u, e.Elem, node, from)
	case *model.Named:
		g.walkType(s, u, e.Type, node, from, false)
	case *model.Slice:
		if !isByte(e.Elem) {
			g.walkExpr(s, u, e.Elem, items(node), from)
		}
	case *model.Array:
		if !isByte(e.Elem) {
			g.walkExpr(s, u, e.Elem, items(node), from)
		}
	case *model.Map:
		g.walkExpr(s, u, e.Elem, values(node), from)
	}
}

// addRows adds the rows of fields under path: an inline field's fields
// take its place (seen guards against a type that inlines itself through a
// pointer), and a field of an anonymous struct type is followed by its
// fields. An inline field crdgen cannot walk into (metav1.TypeMeta) marks
// where the properties only the schema has go.
func (td *typeDoc) addRows(fields []*model.Field, path []string, seen map[*model.Type]bool) {
	for _, f := range fields {
		if f.Ignored || !f.Exported && !f.Embedded {
			continue
		}
		if f.Inline {
			if t, st := inlineStruct(f.Type); st != nil && !seen[t] {
				seen[t] = true
				td.addRows(st.Fields, path, seen)
				delete(seen, t)
			} else if td.extraAt < 0 && len(path) == 0 {
				td.extraAt = len(td.rows)
			}
			continue
		}
		name := f.JSONName
		if name == "" {
			name = f.GoName
		}
		p := append(append([]string(nil), path...), name)
		td.rows = append(td.rows, &row{path: p, expr: f.Type})
		if st, ok := deref(f.Type).(*model.Struct); ok {
			td.addRows(st.Fields, p, seen)
		}
	}
}

// inlineStruct returns the named struct type an inline field's type is
// (through pointers and aliases), unless crdgen does not walk into it.
func inlineStruct(expr model.TypeExpr) (*model.Type, *model.Struct) {
	n, ok := deref(expr).(*model.Named)
	if !ok {
		return nil, nil
	}
	t := resolve(n.Type)
	if t.WellKnown {
		return nil, nil
	}
	st, _ := t.Underlying.(*model.Struct)
	return t, st
}

// deref strips pointers.
func deref(expr model.TypeExpr) model.TypeExpr {
	for {
		p, ok := expr.(*model.Pointer)
		if !ok {
			return expr
		}
		expr = p.Elem
	}
}

// isByte reports whether a type is byte (a []byte is a string).
func isByte(expr model.TypeExpr) bool {
	b, ok := expr.(*model.Basic)
	return ok && (b.Name == "byte" || b.Name == "uint8")
}

// lookup follows a property path from node; it returns the node there and
// its parent (nil when a step is missing).
func lookup(node *apiextv1.JSONSchemaProps, path []string) (n, parent *apiextv1.JSONSchemaProps) {
	n = node
	for _, p := range path {
		parent = n
		next, ok := n.Properties[p]
		if !ok {
			return nil, nil
		}
		n = &next
	}
	return n, parent
}

// items is an array node's items node (nil for none).
func items(n *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if n == nil || n.Items == nil {
		return nil
	}
	return n.Items.Schema
}

// values is a map node's values node (nil for none).
func values(n *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if n == nil || n.AdditionalProperties == nil {
		return nil
	}
	return n.AdditionalProperties.Schema
}

// addParent records a type whose field uses this one.
func (td *typeDoc) addParent(from *typeDoc) {
	if from != nil && from != td && !containsPtr(td.parents, from) {
		td.parents = append(td.parents, from)
	}
}

// reach records a unit whose kinds reach the type.
func (td *typeDoc) reach(u *unit) {
	if !containsPtr(td.reached, u) {
		td.reached = append(td.reached, u)
	}
}

// extras are the properties of the type's node in build s that no field
// declares, sorted.
func (td *typeDoc) extras(s int) []string {
	if len(td.sites[s]) == 0 {
		return nil
	}
	var out []string
	for name := range td.sites[s][0].Properties {
		if !td.claimed[name] {
			out = append(out, name)
		}
	}
	return sortedStrings(out)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsPtr[T comparable](list []T, x T) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
