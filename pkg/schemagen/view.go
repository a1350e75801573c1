package schemagen

// This file implements views: the model as one feature set has it, made
// once per set before any schema is built, so that building a schema
// never asks whether a node is in the set. A view drops the kinds, fields
// and markers whose conditions do not hold in its set, and shares every
// node the set leaves whole with the model (copy on write): a type is
// copied only when something it holds, down to the types its fields
// name, differs in the set, and only when a kind the view is asked for
// reaches it (view_select.go). Views are also what CheckSets reads: a
// node of the model that no view has exists in no feature set.

import (
	"slices"
	"strings"
	"sync"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Views are the views of one model, each made once and kept: one per
// feature set asked for, and one per gate list of OpenShift's partial
// builds (a partial with the same gates is the same view in every set).
// What no set changes (the model's type graph, which nodes have gates,
// the conditions of the markers, parsed) is worked out once for all of
// them. Views are safe for concurrent use.
type Views struct {
	m *model.Model

	mu      sync.Mutex
	graph   *viewGraph
	conds   map[string]featureset.Condition
	bySet   map[*featureset.Set]*View
	byGates map[string]*View
	all     []*View
	// describe says descriptions have crdgen's spans (needsDescribe).
	describe *bool
	// checked are the diagnostics of the model that no set changes
	// (Prepare's checks of markers), made once.
	checked *markers.ErrorList
}

// NewViews returns the views of a model, none made yet.
func NewViews(m *model.Model) *Views {
	return &Views{m: m, conds: map[string]featureset.Condition{}, bySet: map[*featureset.Set]*View{}, byGates: map[string]*View{}}
}

// Of returns the view of a feature set (nil: no feature sets, every gate
// off), making it the first time.
func (vs *Views) Of(set *featureset.Set) *View {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if v := vs.bySet[set]; v != nil {
		return v
	}
	v := vs.make(set)
	vs.bySet[set] = v
	return v
}

// withGates returns the view with only gates on (its set named name, as
// OpenShift's partial builds are), making it the first time.
func (vs *Views) withGates(name string, gates []string) *View {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	key := strings.Join(gates, "\x00")
	if v := vs.byGates[key]; v != nil {
		return v
	}
	v := vs.make(&featureset.Set{Name: name, Gates: gates})
	vs.byGates[key] = v
	return v
}

// All returns every view made so far, in the order they were made.
func (vs *Views) All() []*View {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	return slices.Clone(vs.all)
}

// describes reports whether descriptions differ per set (needsDescribe),
// worked out once.
func (vs *Views) describes() bool {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if vs.describe == nil {
		d := hasSpans(vs.m)
		vs.describe = &d
	}
	return *vs.describe
}

// once returns the diagnostics check makes of the model, made the first
// time only: they are the same in every set.
func (vs *Views) once(check func() markers.ErrorList) markers.ErrorList {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if vs.checked == nil {
		d := check()
		vs.checked = &d
	}
	return slices.Clone(*vs.checked)
}

// make makes the view of a set (vs.mu held): which types the set changes
// and which nodes it has; the copies are made as kinds ask for them.
func (vs *Views) make(set *featureset.Set) *View {
	if vs.graph == nil {
		vs.graph = newViewGraph(vs.m)
	}
	v := &View{Set: set, sel: &selection{vs: vs, set: set, dirty: map[*model.Type]bool{},
		types: map[*model.Type]*model.Type{}, structs: map[*model.Struct]*model.Struct{}},
		kinds: map[*model.Kind]*model.Kind{}, origins: map[*model.Kind]*model.Kind{}}
	v.sel.markDirty()
	v.presence()
	vs.all = append(vs.all, v)
	return v
}

// View is the model as one feature set has it.
type View struct {
	// Set is the view's feature set; nil is no feature sets (every gate
	// off).
	Set *featureset.Set

	// sel makes the copies, as they are asked for: it, groups and kinds
	// are guarded by the views' lock (conditions are parsed as they are
	// met).
	sel *selection
	// groups are the model's groups with the kinds the set has (nil until
	// Groups).
	groups []*model.Group
	// kinds maps the model's kinds the view has made to the view's, and
	// origins back.
	kinds, origins map[*model.Kind]*model.Kind
	// absent are the main module's nodes whose own gates do not hold in
	// the set (packages, types and fields; the nodes in one are absent
	// too), and holding the conditional markers (pointers into the
	// model's marker lists) whose conditions hold on nodes the view has:
	// what Has reads.
	absent  map[any]bool
	holding map[*markers.Marker]bool
}

// Groups returns the model's groups with the kinds the set has (their
// package, type and the set's kinds say so), each kind's type as the set
// has it. A group the set leaves whole is the model's.
func (v *View) Groups() []*model.Group {
	v.sel.vs.mu.Lock()
	defer v.sel.vs.mu.Unlock()
	if v.groups == nil {
		v.groups = v.sel.groups(v)
	}
	return v.groups
}

// Kinds returns the view's kinds, in group, version and kind order.
func (v *View) Kinds() []*model.Kind {
	var out []*model.Kind
	for _, g := range v.Groups() {
		for _, ver := range g.Versions {
			out = append(out, ver.Kinds...)
		}
	}
	return out
}

// kind returns the view's copy of a model kind, one the set does not have
// too (OpenShift's partial builds build a kind under gates that do not
// turn the kind itself on). The copy's version is the model's.
func (v *View) kind(k *model.Kind) *model.Kind {
	v.sel.vs.mu.Lock()
	defer v.sel.vs.mu.Unlock()
	return v.kindOf(k)
}

// kindOf is kind, with the views' lock held.
func (v *View) kindOf(k *model.Kind) *model.Kind {
	if kc := v.kinds[k]; kc != nil {
		return kc
	}
	kc := k
	if t := v.sel.typ(k.Type); t != k.Type {
		kc = &model.Kind{Name: k.Name, Type: t, Version: k.Version}
		v.origins[kc] = k
	}
	v.kinds[k] = kc
	return kc
}

// modelKinds returns the model's kinds of a list of the view's.
func (v *View) modelKinds(ks []*model.Kind) []*model.Kind {
	v.sel.vs.mu.Lock()
	defer v.sel.vs.mu.Unlock()
	out := make([]*model.Kind, len(ks))
	for i, k := range ks {
		out[i] = k
		if mk := v.origins[k]; mk != nil {
			out[i] = mk
		}
	}
	return out
}

// Has reports whether a node of the main module's root packages exists in
// the view: a *model.Package, *model.Type or *model.Field whose gates hold
// with those of the nodes it is in (a field the view drops for its type's
// gates is the type's to report), or a conditional marker (a pointer into
// such a node's Markers) whose condition holds too.
func (v *View) Has(node any) bool {
	switch x := node.(type) {
	case *model.Package:
		return x.Root && x.Local && !v.absent[x]
	case *model.Type:
		return x.Package != nil && v.Has(x.Package) && !v.absent[x]
	case *model.Field:
		t := v.sel.vs.graph.owners[x]
		return t != nil && v.Has(t) && !v.absent[x]
	case *markers.Marker:
		return v.holding[x]
	}
	return false
}

// hasSpans reports whether a doc comment of the model has crdgen's
// description spans (<crdgen:when=...>), whose text goes when no gate is
// on.
func hasSpans(m *model.Model) bool {
	for _, p := range m.Packages {
		for _, t := range p.Types {
			if featureset.HasSpans(t.Doc) {
				return true
			}
			if st, ok := t.Underlying.(*model.Struct); ok {
				for _, f := range st.Fields {
					if featureset.HasSpans(f.Doc) {
						return true
					}
				}
			}
		}
	}
	return false
}
