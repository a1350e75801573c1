package schemagen

// This file implements which partial manifests openshift/api's generator
// makes of a kind, and the order it merges them in.

import (
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// partialsOf lists a kind's partials in openshift's merge order: one per
// gate its types name in an OpenShift feature gate marker (on the kind, a
// type it reaches or a field), one per requiredFeatureGate list (named
// A+B), and the one with no gate on unless the kind itself is gated.
func partialsOf(k *model.Kind) []osPartial {
	w := &gateWalk{seen: map[*model.Type]bool{}, names: map[string]bool{}}
	w.typ(k.Type)
	names := make([]string, 0, len(w.names)+1)
	for n := range w.names {
		names = append(names, n)
	}
	if len(markers.All[markers.OpenShiftFeatureGate](k.Type.Markers)) == 0 {
		names = append(names, ungatedFile)
	}
	out := make([]osPartial, 0, len(names))
	for _, i := range mergeOrder(names) {
		n := names[i]
		part := osPartial{name: n}
		if n != ungatedFile {
			part.gates = strings.Split(n, "+")
		}
		out = append(out, part)
	}
	return out
}

// gateWalk collects the partial names of the types a kind reaches, as
// openshift's generator walks them: every type, its base, and every
// field's type, through pointers, lists and maps.
type gateWalk struct {
	seen  map[*model.Type]bool
	names map[string]bool
}

func (w *gateWalk) typ(t *model.Type) {
	if t == nil || w.seen[t] {
		return
	}
	w.seen[t] = true
	w.markers(t.Markers)
	w.typ(t.Base)
	w.expr(t.Underlying)
}

func (w *gateWalk) expr(e model.TypeExpr) {
	switch x := e.(type) {
	case *model.Named:
		w.typ(x.Type)
	case *model.Pointer:
		w.expr(x.Elem)
	case *model.Slice:
		w.expr(x.Elem)
	case *model.Array:
		w.expr(x.Elem)
	case *model.Map:
		w.expr(x.Key)
		w.expr(x.Elem)
	case *model.Struct:
		for _, f := range x.Fields {
			w.markers(f.Markers)
			w.expr(f.Type)
		}
	}
}

// markers adds the partials one node's OpenShift markers make.
func (w *gateWalk) markers(ms []markers.Marker) {
	add := func(g markers.OpenShiftGates) {
		for _, gate := range g.FeatureGate {
			if gate != "" {
				w.names[gate] = true
			}
		}
		if len(g.RequiredFeatureGate) > 0 {
			w.names[strings.Join(g.RequiredFeatureGate, "+")] = true
		}
	}
	for _, m := range ms {
		switch v := m.Value.(type) {
		case markers.OpenShiftFeatureGate:
			add(markers.OpenShiftGates{FeatureGate: v.Value})
		case markers.OpenShiftEnum:
			add(v.Gates())
		case markers.OpenShiftMaxItems:
			add(v.Gates())
		case markers.OpenShiftXValidation:
			add(v.Gates())
		}
	}
}

// mergeOrder returns the indexes of partial names (file names without
// .yaml) in the order openshift's generator merges them: as the directory
// lists the files, then a stable sort that puts a combination of gates
// (A+B) after each gate it contains and the rest in name order.
func mergeOrder(names []string) []int {
	idx := make([]int, len(names))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(names[a]+".yaml", names[b]+".yaml") })
	slices.SortStableFunc(idx, func(a, b int) int {
		x, y := names[a], names[b]
		if strings.Contains(y, "+") && strings.Contains(y, x) {
			return -1
		}
		if strings.Contains(x, "+") && strings.Contains(x, y) {
			return 1
		}
		return strings.Compare(x, y)
	})
	return idx
}
