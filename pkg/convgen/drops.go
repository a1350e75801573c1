package convgen

// This file implements telling the author of a +crdgen:conversion:drop
// that loses nothing: the marker is read only where a generated function
// converts the field's type and the storage version lacks the field.

import (
	"fmt"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// checkDropUsed warns at each +crdgen:conversion:drop of a spoke package
// that no generated conversion honoured, saying why: the kind converts by
// hand, the storage version has the field too, or no generated function
// converts the field's type.
func (g *gen) checkDropUsed(m *model.Model, kinds []*kindConv) {
	spokes := map[*model.Package]bool{}
	for _, kc := range kinds {
		for _, s := range kc.spokes {
			spokes[s.Package()] = true
		}
	}
	for _, p := range m.Packages {
		if !p.Local || !p.HasGroup || !spokes[p] && g.aloneSpoke(p) == nil {
			continue
		}
		for _, t := range p.Types {
			for _, f := range structFields(t) {
				_, mk, ok := markers.First[markers.ConversionDrop](f.Markers)
				if !ok || g.dropped[f] {
					continue
				}
				g.diags.Warnf(mk.Pos, markers.CodeConversion, "+crdgen:conversion:drop has no effect: %s", g.dropWhy(p, t, f))
			}
		}
	}
}

// dropWhy says why a drop marker on a field of type t in package p lost
// nothing.
func (g *gen) dropWhy(p *model.Package, t *model.Type, f *model.Field) string {
	for _, pp := range g.sortedPkgPairs() {
		if pp.spoke != p {
			continue
		}
		for _, tp := range pp.order {
			if tp.spoke == t {
				return fmt.Sprintf("%s %s has the field %s too, and conversion converts it; drop loses only a field the storage version lacks", pp.hubVer, tp.hub.Ident.Name, wireName(f))
			}
		}
	}
	for _, a := range g.alone {
		for _, s := range a.kc.spokes {
			if s.Package() == p && holds(s.Type, t, map[*model.Type]bool{}) {
				return fmt.Sprintf("crdgen does not convert %s (%s), so its hand-written conversion decides what becomes of %s.%s; to have crdgen convert the kind and lose the field, mark the kind +crdgen:conversion:generate",
					a.kc.name, a.why, t.Ident.Name, wireName(f))
			}
		}
	}
	return fmt.Sprintf("no generated conversion reaches %s %s (the field that holds it converts by hand, or nothing holds it), so hand-written code decides what becomes of %s.%s",
		p.Version, t.Ident.Name, t.Ident.Name, wireName(f))
}

// holds reports whether a value of type from holds one of type to,
// through struct fields, pointers, slices, arrays and maps.
func holds(from, to *model.Type, seen map[*model.Type]bool) bool {
	if from == to {
		return true
	}
	if seen[from] {
		return false
	}
	seen[from] = true
	for _, f := range structFields(from) {
		if n := namedIn(f.Type); n != nil && holds(n, to, seen) {
			return true
		}
	}
	return false
}

// namedIn is the named type a field's type holds, past pointers, slices,
// arrays and maps (nil for a basic type).
func namedIn(t model.TypeExpr) *model.Type {
	for {
		switch x := unalias(t).(type) {
		case *model.Named:
			return x.Type
		case *model.Pointer:
			t = x.Elem
		case *model.Slice:
			t = x.Elem
		case *model.Array:
			t = x.Elem
		case *model.Map:
			t = x.Elem
		default:
			return nil
		}
	}
}
