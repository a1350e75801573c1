package convgen

// This file implements +crdgen:conversion:from: renames (the value is a
// field of the same struct in the other version) and moves (the value is a
// path from the kind's root). A move is converted by the closest type pair
// that holds both ends, so that a field can move into or out of a struct
// the other version does not have.

import (
	"fmt"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// fromRef is a parsed +crdgen:conversion:from value.
type fromRef struct {
	// version limits the marker to one version; "" is every version.
	version string
	// source is the wire name of a renamed field.
	source string
	// move is set for a path from the kind's root; path holds its names.
	move bool
	path []string
}

// parseFrom reads "[version/]name" or "[version/].path.from.root".
func parseFrom(v string) (fromRef, error) {
	var fr fromRef
	if ver, rest, ok := strings.Cut(v, "/"); ok {
		fr.version, v = ver, rest
	}
	switch {
	case v == "":
		return fr, fmt.Errorf("needs a field name or a .path from the kind's root")
	case strings.HasPrefix(v, "."):
		fr.move = true
		fr.path = strings.Split(v[1:], ".")
		for _, p := range fr.path {
			if p == "" {
				return fr, fmt.Errorf("path %q has an empty step", v)
			}
		}
	case strings.Contains(v, "."):
		return fr, fmt.Errorf("%q is a path: start it with . to move a field from the kind's root, or give a field name to rename", v)
	default:
		fr.source = v
	}
	return fr, nil
}

// fromMarkers returns the parsed +crdgen:conversion:from markers of a hub
// field; bad ones are reported once and skipped.
func (g *gen) fromMarkers(f *model.Field) []fromMarker {
	var out []fromMarker
	for _, m := range f.Markers {
		v, ok := m.Value.(markers.ConversionFrom)
		if !ok {
			continue
		}
		fr, err := parseFrom(v.Value)
		if err != nil {
			g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+crdgen:conversion:from=%s: %v", v.Value, err)
			continue
		}
		out = append(out, fromMarker{m: m, ref: fr})
	}
	return out
}

type fromMarker struct {
	m   markers.Marker
	ref fromRef
}

// fromFor returns the +crdgen:conversion:from of hub field hf that applies
// to spokeType's version: one naming that version, or one without a version
// when the spoke has no field of hf's own name (and, for a rename, has the
// source field).
func (g *gen) fromFor(pp *pkgPair, spokeType *model.Type, hf *model.Field) (markers.Marker, fromRef, bool) {
	var spokeFields []*model.Field
	if spokeType != nil {
		spokeFields = structFields(spokeType)
	}
	for _, fm := range g.fromMarkers(hf) {
		fr := fm.ref
		switch {
		case fr.version != "":
			if fr.version != pp.spokeVer {
				continue
			}
		case fieldByWire(spokeFields, wireName(hf)) != nil:
			continue
		}
		if fr.move {
			if !g.movedFromHub(pp, nil, hf) {
				continue
			}
		} else {
			if fieldByWire(spokeFields, fr.source) == nil {
				if fr.version != "" && spokeType != nil {
					g.reportMissing(fm.m, fr.source, spokeType, spokeFields)
					g.used[fm.m.Pos] = true // reported; not also as unused
				}
				continue
			}
			g.used[fm.m.Pos] = true
		}
		return fm.m, fr, true
	}
	return markers.Marker{}, fromRef{}, false
}

// reportMissing reports a rename whose source is not in the spoke type.
func (g *gen) reportMissing(m markers.Marker, name string, t *model.Type, fields []*model.Field) {
	var names []string
	for _, f := range fields {
		names = append(names, wireName(f))
	}
	msg := fmt.Sprintf("+crdgen:conversion:from: %s %s has no field %q", t.Package.Version, t.Ident.Name, name)
	if s := markers.Suggest(name, names); s != "" {
		msg += fmt.Sprintf(", did you mean %q", s)
	}
	g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "%s", msg)
}

// step is one field on a path from a kind's root.
type step struct {
	field *model.Field
	// holder is the struct type the field leads to (nil at the end).
	holder *model.Type
	ptr    bool
}

// movePlan is one move between a spoke and its hub.
type movePlan struct {
	marker markers.Marker
	// hub and spoke are the paths below the closest common type pair.
	hub, spoke []step
	// toHub and fromHub convert the moved value.
	toHub, fromHub *valuePlan
}

// planMoves finds the moves of a kind pair and hands each to the closest
// type pair that holds both of its ends.
func (g *gen) planMoves(kp *kindPair) {
	var walk func(t *model.Type, path []step, onStack map[*model.Type]bool)
	walk = func(t *model.Type, path []step, onStack map[*model.Type]bool) {
		onStack[t] = true
		defer delete(onStack, t)
		for _, f := range structFields(t) {
			here := append(path[:len(path):len(path)], step{field: f})
			for _, fm := range g.fromMarkers(f) {
				if fm.ref.move {
					g.planMove(kp, fm, here)
				}
			}
			if holder, ptr := structHolder(f.Type); holder != nil && !onStack[holder] {
				here[len(here)-1].holder, here[len(here)-1].ptr = holder, ptr
				walk(holder, here, onStack)
			}
		}
	}
	walk(kp.hub.Type, nil, map[*model.Type]bool{})
}

// planMove plans one move marker found at hubPath in a kind pair.
func (g *gen) planMove(kp *kindPair, fm fromMarker, hubPath []step) {
	pp := kp.root.pp
	fr := fm.ref
	if fr.version != "" && fr.version != pp.spokeVer {
		return
	}
	if fr.version == "" {
		if _, ok := resolvePath(kp.spoke.Type, wirePath(hubPath)); ok {
			return // the spoke has the field where the hub has it
		}
	}
	spokePath, ok := resolvePath(kp.spoke.Type, fr.path)
	if !ok {
		if fr.version != "" {
			g.diags.Errorf(fm.m.Pos, markers.CodeMarkerValue, "+crdgen:conversion:from: %s %s has no field at .%s",
				pp.spokeVer, kp.spoke.Name, strings.Join(fr.path, "."))
		}
		return
	}
	for _, mv := range kp.moves {
		if mv.marker.Pos == fm.m.Pos {
			g.diags.Errorf(fm.m.Pos, markers.CodeConversion,
				"+crdgen:conversion:from=%s is on a type that %s reaches at more than one path; a move needs one", fm.m.Value.(markers.ConversionFrom).Value, kp.hub.Name)
			return
		}
	}
	g.used[fm.m.Pos] = true
	// Walk down while both paths go through the same field of paired types.
	owner := kp.root
	i := 0
	for i < len(hubPath)-1 && i < len(spokePath)-1 {
		h, s := hubPath[i], spokePath[i]
		if wireName(h.field) != wireName(s.field) || h.holder == nil || s.holder == nil || !pp.paired(s.holder, h.holder) {
			break
		}
		owner = g.pairFor(pp, s.holder, h.holder)
		i++
	}
	hubEnd, spokeEnd := hubPath[len(hubPath)-1].field, spokePath[len(spokePath)-1].field
	mv := &movePlan{marker: fm.m, hub: hubPath[i:], spoke: spokePath[i:]}
	var err error
	if mv.toHub, err = g.planValue(pp, spokeEnd.Type, hubEnd.Type, omitsZero(spokeEnd)); err == nil {
		mv.fromHub, err = g.planValue(pp, hubEnd.Type, spokeEnd.Type, omitsZero(hubEnd))
	}
	if err != nil {
		g.diags.Errorf(fm.m.Pos, markers.CodeConversion, "+crdgen:conversion:from: cannot move %s .%s to %s .%s: %v",
			pp.spokeVer, strings.Join(fr.path, "."), pp.hubVer, strings.Join(wirePath(hubPath), "."), err)
		return
	}
	kp.moves = append(kp.moves, mv)
	owner.toHub.moves = append(owner.toHub.moves, mv)
	owner.fromHub.moves = append(owner.fromHub.moves, mv)
}

// resolvePath follows wire names from a struct type through structs and
// pointers to structs.
func resolvePath(t *model.Type, names []string) ([]step, bool) {
	var out []step
	for i, name := range names {
		f := fieldByWire(structFields(t), name)
		if f == nil {
			return nil, false
		}
		st := step{field: f}
		if i < len(names)-1 {
			holder, ptr := structHolder(f.Type)
			if holder == nil {
				return nil, false
			}
			st.holder, st.ptr = holder, ptr
			t = holder
		}
		out = append(out, st)
	}
	return out, true
}

// structHolder returns the named struct type a field holds directly or
// through a pointer.
func structHolder(t model.TypeExpr) (*model.Type, bool) {
	ptr := false
	if p, ok := unalias(t).(*model.Pointer); ok {
		t, ptr = p.Elem, true
	}
	n, ok := unalias(t).(*model.Named)
	if !ok || n.Type.WellKnown {
		return nil, false
	}
	if _, ok := n.Type.Underlying.(*model.Struct); !ok {
		return nil, false
	}
	return n.Type, ptr
}

func wirePath(steps []step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = wireName(s.field)
	}
	return out
}

// consumedByMove reports whether a spoke field is the source of a move.
func (g *gen) consumedByMove(pp *pkgPair, _ *model.Type, f *model.Field) bool {
	for _, kp := range pp.kinds {
		for _, mv := range kp.moves {
			if mv.spoke[len(mv.spoke)-1].field == f {
				return true
			}
		}
	}
	return false
}

// movedFromHub reports whether a hub field is the target of a move.
func (g *gen) movedFromHub(pp *pkgPair, _ *model.Type, f *model.Field) bool {
	for _, kp := range pp.kinds {
		for _, mv := range kp.moves {
			if mv.hub[len(mv.hub)-1].field == f {
				return true
			}
		}
	}
	return false
}
