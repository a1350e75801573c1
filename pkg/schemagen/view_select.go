package schemagen

// This file implements how a view selects what its set has: which
// conditions hold, which fields and markers stay, which types change (and
// so are copied), and which nodes of the main module it has.

import (
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// viewGraph is what every view of a model reads and no set changes.
type viewGraph struct {
	// users maps each type to the types that name it (not through another
	// name) or are declared over it.
	users map[*model.Type][]*model.Type
	// candidates are the types a set may change by themselves: a
	// conditional marker, or a field (of a struct not behind a name) with
	// a gate, a conditional marker, or a type with a gate.
	candidates []*model.Type
	// gated are the main module's packages, types and fields with a
	// feature gate; conds its conditional markers, each with its node.
	gated []viewNode
	conds []viewMarker
	// owners maps the fields of the main module's struct types to them.
	owners map[*model.Field]*model.Type
}

// viewNode is a node of the model and its markers.
type viewNode struct {
	node any
	ms   []markers.Marker
}

// viewMarker is a conditional marker and the node it is on.
type viewMarker struct {
	node any
	m    *markers.Marker
}

// newViewGraph works out a model's viewGraph.
func newViewGraph(m *model.Model) *viewGraph {
	g := &viewGraph{users: map[*model.Type][]*model.Type{}, owners: map[*model.Field]*model.Type{}}
	for _, t := range reachableTypes(m) {
		candidate := conditional(t.Markers)
		named := namedIn(t.Underlying, func(f *model.Field) {
			candidate = candidate || conditional(f.Markers) || gated(f.Markers) || heldGated(f.Type)
		})
		if t.Base != nil {
			named = append(named, t.Base)
		}
		for _, n := range named {
			g.users[n] = append(g.users[n], t)
		}
		if candidate {
			g.candidates = append(g.candidates, t)
		}
	}
	add := func(node any, ms []markers.Marker) {
		if gated(ms) {
			g.gated = append(g.gated, viewNode{node, ms})
		}
		for i := range ms {
			if ms[i].When != "" {
				g.conds = append(g.conds, viewMarker{node, &ms[i]})
			}
		}
	}
	for _, p := range m.Packages {
		if !p.Root || !p.Local {
			continue
		}
		add(p, p.Markers)
		for _, t := range p.Types {
			add(t, t.Markers)
			if st, ok := t.Underlying.(*model.Struct); ok {
				for _, f := range st.Fields {
					g.owners[f] = t
					add(f, f.Markers)
				}
			}
		}
	}
	return g
}

// gated reports whether a node has a +crdgen:featureGate.
func gated(ms []markers.Marker) bool {
	return slices.ContainsFunc(ms, func(m markers.Marker) bool {
		_, ok := m.Value.(markers.FeatureGate)
		return ok
	})
}

// heldGated reports whether the named type a field holds (through
// pointers, lists and maps) has a +crdgen:featureGate.
func heldGated(e model.TypeExpr) bool {
	if t := heldType(e); t != nil {
		return gated(t.Markers)
	}
	return false
}

// heldType is the named type a type expression holds, through pointers,
// lists and maps (nil for none).
func heldType(e model.TypeExpr) *model.Type {
	for {
		switch x := e.(type) {
		case *model.Pointer:
			e = x.Elem
		case *model.Slice:
			e = x.Elem
		case *model.Array:
			e = x.Elem
		case *model.Map:
			e = x.Elem
		case *model.Named:
			return x.Type
		default:
			return nil
		}
	}
}

// conditional reports whether a node has a marker with a condition (whose
// list active may shorten).
func conditional(ms []markers.Marker) bool {
	return slices.ContainsFunc(ms, func(m markers.Marker) bool { return m.When != "" })
}

// reachableTypes are the model's types: its packages' and every type
// their fields and bases reach.
func reachableTypes(m *model.Model) []*model.Type {
	seen := map[*model.Type]bool{}
	var out []*model.Type
	var typ func(t *model.Type)
	typ = func(t *model.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		out = append(out, t)
		typ(t.Base)
		for _, n := range namedIn(t.Underlying, func(*model.Field) {}) {
			typ(n)
		}
	}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			typ(t)
		}
	}
	for _, k := range m.Kinds() {
		typ(k.Type)
	}
	return out
}

// namedIn returns the named types a type expression names (not through
// them), calling field for each struct field on the way.
func namedIn(e model.TypeExpr, field func(*model.Field)) []*model.Type {
	var out []*model.Type
	var walk func(e model.TypeExpr)
	walk = func(e model.TypeExpr) {
		switch x := e.(type) {
		case *model.Named:
			out = append(out, x.Type)
		case *model.Pointer:
			walk(x.Elem)
		case *model.Slice:
			walk(x.Elem)
		case *model.Array:
			walk(x.Elem)
		case *model.Map:
			walk(x.Key)
			walk(x.Elem)
		case *model.Struct:
			for _, f := range x.Fields {
				field(f)
				walk(f.Type)
			}
		}
	}
	walk(e)
	return out
}

// selection is how one view selects from the model.
type selection struct {
	vs  *Views
	set *featureset.Set
	// dirty are the model's types the set changes; types their copies,
	// made as they are reached.
	dirty map[*model.Type]bool
	types map[*model.Type]*model.Type
	// structs are the copied structs, so that a struct two types share (a
	// defined type's Underlying is its base's) is copied once.
	structs map[*model.Struct]*model.Struct
}

// holds reports whether a condition holds in the set, parsing it the
// first time the model's views meet it (vs.mu held).
func (s *selection) holds(cond string) bool {
	if cond == "" {
		return true
	}
	c, ok := s.vs.conds[cond]
	if !ok {
		c, _ = featureset.ParseCondition(cond)
		s.vs.conds[cond] = c
	}
	return c.In(s.set)
}

// gatesHold reports whether every +crdgen:featureGate of a node holds.
func (s *selection) gatesHold(ms []markers.Marker) bool {
	for _, m := range ms {
		if fg, ok := m.Value.(markers.FeatureGate); ok && s.holds(m.When) && !s.holds(fg.Value) {
			return false
		}
	}
	return true
}

// fieldIn reports whether a field is in the set: its gates, and those of
// the named type it holds (through pointers, lists and maps).
func (s *selection) fieldIn(f *model.Field) bool {
	if !s.gatesHold(f.Markers) {
		return false
	}
	t := heldType(f.Type)
	return t == nil || s.gatesHold(t.Markers)
}

// active are the markers of a node that exist in the set: a marker whose
// condition holds replaces the node's unconditional markers that set the
// same keywords (+default and +kubebuilder:default alike), and the
// conditional ones before it that hold too (the last written wins, as
// openshift's generator applies them in order), unless it is repeatable
// (a CEL rule), which adds. A node with no conditional marker keeps its
// list.
func (s *selection) active(ms []markers.Marker) []markers.Marker {
	if !conditional(ms) {
		return ms
	}
	// last is, for each replaced key, the index of the conditional marker
	// that sets it.
	last := map[string]int{}
	for i, m := range ms {
		if m.When != "" && s.holds(m.When) && (m.Def == nil || !m.Def.Repeatable) {
			last[replaceKey(m)] = i
		}
	}
	out := make([]markers.Marker, 0, len(ms))
	for i, m := range ms {
		if !s.holds(m.When) {
			continue
		}
		if at, ok := last[replaceKey(m)]; ok && (m.When == "" || at != i && (m.Def == nil || !m.Def.Repeatable)) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// replaceKey is what a conditional marker replaces: the keywords it sets
// (its items' for an items: marker), or its name.
func replaceKey(m markers.Marker) string {
	v, prefix := m.Value, ""
	if it, ok := v.(markers.Items); ok {
		v, prefix = it.Value, "items:"
	}
	if r, ok := meaningOf(v); ok && len(r.keywords) > 0 {
		return prefix + strings.Join(r.keywords, ",")
	}
	return m.Name
}

// markDirty finds the types the set changes: a candidate with a
// conditional marker, or a field the set drops or whose markers have a
// condition, and every type that names one of those or is declared over
// one.
func (s *selection) markDirty() {
	var queue []*model.Type
	for _, t := range s.vs.graph.candidates {
		dirty := conditional(t.Markers)
		namedIn(t.Underlying, func(f *model.Field) {
			dirty = dirty || conditional(f.Markers) || !s.fieldIn(f)
		})
		if dirty {
			s.dirty[t] = true
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, u := range s.vs.graph.users[t] {
			if !s.dirty[u] {
				s.dirty[u] = true
				queue = append(queue, u)
			}
		}
	}
}

// typ is a type as the view has it: the model's when the set does not
// change it, else its copy, made the first time.
func (s *selection) typ(t *model.Type) *model.Type {
	if t == nil || !s.dirty[t] {
		return t
	}
	if c := s.types[t]; c != nil {
		return c
	}
	c := *t
	s.types[t] = &c
	c.Markers = s.active(t.Markers)
	c.Base = s.typ(t.Base)
	c.Underlying = s.expr(t.Underlying)
	return &c
}

// changes reports whether the view changes a type expression.
func (s *selection) changes(e model.TypeExpr) bool {
	switch x := e.(type) {
	case *model.Named:
		return s.dirty[x.Type]
	case *model.Pointer:
		return s.changes(x.Elem)
	case *model.Slice:
		return s.changes(x.Elem)
	case *model.Array:
		return s.changes(x.Elem)
	case *model.Map:
		return s.changes(x.Key) || s.changes(x.Elem)
	case *model.Struct:
		for _, f := range x.Fields {
			if conditional(f.Markers) || !s.fieldIn(f) || s.changes(f.Type) {
				return true
			}
		}
	}
	return false
}

// expr is a type expression as the view has it: the same value when the
// set changes nothing in it.
func (s *selection) expr(e model.TypeExpr) model.TypeExpr {
	if !s.changes(e) {
		return e
	}
	switch x := e.(type) {
	case *model.Named:
		return &model.Named{Type: s.typ(x.Type)}
	case *model.Pointer:
		return &model.Pointer{Elem: s.expr(x.Elem)}
	case *model.Slice:
		return &model.Slice{Elem: s.expr(x.Elem)}
	case *model.Array:
		return &model.Array{Elem: s.expr(x.Elem), Len: x.Len}
	case *model.Map:
		return &model.Map{Key: s.expr(x.Key), Elem: s.expr(x.Elem)}
	case *model.Struct:
		return s.structOf(x)
	}
	return e
}

// structOf is a struct as the view has it: without the fields the set
// drops, each field with its markers of the set.
func (s *selection) structOf(st *model.Struct) *model.Struct {
	if c := s.structs[st]; c != nil {
		return c
	}
	c := &model.Struct{Fields: make([]*model.Field, 0, len(st.Fields))}
	s.structs[st] = c
	for _, f := range st.Fields {
		if !s.fieldIn(f) {
			continue
		}
		if !conditional(f.Markers) && !s.changes(f.Type) {
			c.Fields = append(c.Fields, f)
			continue
		}
		fc := *f
		fc.Markers = s.active(f.Markers)
		fc.Type = s.expr(f.Type)
		c.Fields = append(c.Fields, &fc)
	}
	return c
}

// kindIn reports whether a kind's version is in the set: its package, its
// type and the set's kinds say so.
func (s *selection) kindIn(k *model.Kind) bool {
	return s.gatesHold(k.Package().Markers) && s.gatesHold(k.Type.Markers) && s.set.HasKind(k.Name, k.Version.Group.Name)
}

// groups lists the kinds the set has by group and version, each with its
// type as the view has it (the views' lock held). A group the set leaves
// whole is the model's.
func (s *selection) groups(v *View) []*model.Group {
	var out []*model.Group
	for _, g := range s.vs.m.Groups {
		gc := &model.Group{Name: g.Name}
		same := true
		for _, ver := range g.Versions {
			vc := &model.Version{Name: ver.Name, Group: gc, Packages: ver.Packages}
			for _, k := range ver.Kinds {
				if !s.kindIn(k) {
					same = false
					continue
				}
				kc := v.kindOf(k)
				same = same && kc == k
				vc.Kinds = append(vc.Kinds, kc)
			}
			gc.Versions = append(gc.Versions, vc)
		}
		if same {
			gc = g
		}
		out = append(out, gc)
	}
	return out
}

// presence works out which of the main module's nodes the set drops by
// their own gates, and which conditional markers hold on nodes it has
// (View.Has; vs.mu held).
func (v *View) presence() {
	s, g := v.sel, v.sel.vs.graph
	v.absent, v.holding = map[any]bool{}, map[*markers.Marker]bool{}
	for _, n := range g.gated {
		if !s.gatesHold(n.ms) {
			v.absent[n.node] = true
		}
	}
	for _, c := range g.conds {
		if s.holds(c.m.When) && v.Has(c.node) {
			v.holding[c.m] = true
		}
	}
}
