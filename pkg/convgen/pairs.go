package convgen

// This file implements pairing: the types of a spoke and its hub that have
// the same Go name, and, for each pair and direction, what happens to every
// field. Fields pair by JSON name (the wire identity), or by a
// +crdgen:conversion:from marker on the hub field.

import (
	"fmt"
	"regexp"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Class says what one direction of a conversion does with a field.
type Class string

const (
	// ClassIdentical fields are copied as they are.
	ClassIdentical Class = "identical"
	// ClassConverted fields change type in a way the generated code handles.
	ClassConverted Class = "converted"
	// ClassRenamed fields are renamed or moved (+crdgen:conversion:from).
	ClassRenamed Class = "renamed"
	// ClassHandWritten fields are converted by a hand-written function.
	ClassHandWritten Class = "hand-written"
	// ClassPreserved fields exist only in the hub; a spoke keeps them in the
	// conversion-data annotation.
	ClassPreserved Class = "preserved-in-annotation"
	// ClassLost fields are dropped (+crdgen:conversion:drop).
	ClassLost Class = "lost"
)

// pkgPair is a spoke package and the hub package of some of its kinds.
type pkgPair struct {
	spoke, hub       *model.Package
	spokeVer, hubVer string
	pairs            map[[2]*model.Type]*typePair
	// order lists the pairs in the order they were found.
	order []*typePair
	// copies are the struct types copied by generated helpers; nil while
	// being planned.
	copies map[*model.Type][]copyField
	kinds  []*kindPair
	// scope is set when the spoke package's hand-written Convert_
	// functions take conversion-gen's conversion.Scope: the generated
	// functions take it too (owner.go).
	scope bool
}

// paired reports whether a and b are the same type in the spoke and the hub.
func (pp *pkgPair) paired(a, b *model.Type) bool {
	if a.Ident.Name != b.Ident.Name {
		return false
	}
	return (a.Package == pp.spoke && b.Package == pp.hub) || (a.Package == pp.hub && b.Package == pp.spoke)
}

// kindPair is one kind's spoke and hub within a package pair.
type kindPair struct {
	kc         *kindConv
	spoke, hub *model.Kind
	root       *typePair
	moves      []*movePlan
}

// typePair is a struct type declared with the same name in a spoke and its
// hub, and its conversion in both directions.
type typePair struct {
	pp         *pkgPair
	spoke, hub *model.Type
	toHub      *direction
	fromHub    *direction
	// where is a path that reaches the pair from a kind, for messages
	// ("Cluster.spec").
	where string
}

// direction is one direction of a type pair's conversion.
type direction struct {
	pair    *typePair
	toHub   bool
	in, out *model.Type
	fields  []*fieldConv
	// moves are the +crdgen:conversion:from moves whose closest common
	// type pair this is.
	moves []*movePlan
	// manual lists the fields only a hand-written function can convert.
	manual []*fieldConv
	// hand is the hand-written Convert_ function, when the package has one.
	hand *model.Func
}

// inVer and outVer are the versions of the input and output types.
func (d *direction) inVer() string {
	if d.toHub {
		return d.pair.pp.spokeVer
	}
	return d.pair.pp.hubVer
}

func (d *direction) outVer() string {
	if d.toHub {
		return d.pair.pp.hubVer
	}
	return d.pair.pp.spokeVer
}

// name is the public conversion function: Convert_v1alpha1_Foo_To_v1_Foo.
func (d *direction) name() string {
	return "Convert_" + ident(d.inVer()) + "_" + d.in.Ident.Name + "_To_" + ident(d.outVer()) + "_" + d.out.Ident.Name
}

// autoName is the generated body that a hand-written function calls.
func (d *direction) autoName() string { return "auto" + d.name() }

// fieldConv is what one direction does with one field.
type fieldConv struct {
	// in and out are the fields; in is nil for a field only the output has,
	// out for one only the input has.
	in, out *model.Field
	plan    *valuePlan
	class   Class
	// why says why a field needs a hand-written function.
	why string
	// from is the marker of a renamed field.
	from *markers.Marker
}

var identRE = regexp.MustCompile(`[^A-Za-z0-9_]`)

// ident makes a version usable inside a Go identifier.
func ident(s string) string { return identRE.ReplaceAllString(s, "_") }

// pairFor returns the type pair of a spoke type and a hub type (in either
// order), planning it the first time.
func (g *gen) pairFor(pp *pkgPair, a, b *model.Type) *typePair {
	spoke, hub := a, b
	if a.Package == pp.hub {
		spoke, hub = b, a
	}
	key := [2]*model.Type{spoke, hub}
	if p := pp.pairs[key]; p != nil {
		return p
	}
	p := &typePair{pp: pp, spoke: spoke, hub: hub}
	p.toHub = &direction{pair: p, toHub: true, in: spoke, out: hub}
	p.fromHub = &direction{pair: p, in: hub, out: spoke}
	pp.pairs[key] = p
	pp.order = append(pp.order, p)
	g.queue = append(g.queue, p)
	return p
}

// structFields returns the fields of a struct type that conversion handles:
// exported, on the wire, and not metav1.TypeMeta (which the kind-level
// functions set).
func structFields(t *model.Type) []*model.Field {
	st, ok := t.Underlying.(*model.Struct)
	if !ok {
		return nil
	}
	var out []*model.Field
	for _, f := range st.Fields {
		if !f.Exported || f.Ignored {
			continue
		}
		if n, ok := f.Type.(*model.Named); ok && f.Embedded && n.Type.Ident == typeMetaIdent() {
			continue
		}
		out = append(out, f)
	}
	return out
}

// wireName is the key a field has on the wire; an inlined field is keyed
// by its Go name so that it pairs only with the same inlined field.
func wireName(f *model.Field) string {
	switch {
	case f.Inline:
		return "inline:" + f.GoName
	case f.HasJSONTag && f.JSONName != "":
		return f.JSONName
	}
	return f.GoName
}

// planDirection pairs the fields of one direction and plans their values.
func (g *gen) planDirection(d *direction) {
	ins, outs := structFields(d.in), structFields(d.out)
	used := map[*model.Field]bool{}
	for _, of := range outs {
		fc := g.sourceOf(d, of, ins)
		if fc.in != nil {
			used[fc.in] = true
		}
		d.fields = append(d.fields, fc)
		if fc.class == ClassHandWritten {
			d.manual = append(d.manual, fc)
		}
	}
	for _, f := range ins {
		if used[f] {
			continue
		}
		fc := g.unmatched(d, f)
		d.fields = append(d.fields, fc)
		if fc.class == ClassHandWritten {
			d.manual = append(d.manual, fc)
		}
	}
}

// sourceOf finds the input field an output field is converted from and
// plans it. A field with no source is reported by unmatched from the other
// side, or, for a hub-only field, classified here.
func (g *gen) sourceOf(d *direction, of *model.Field, ins []*model.Field) *fieldConv {
	pp := d.pair.pp
	var src *model.Field
	var from *markers.Marker
	if d.toHub {
		if m, fr, ok := g.fromFor(pp, d.in, of); ok {
			if fr.move {
				// Moves are done by the closest common type pair.
				return &fieldConv{out: of, class: ClassRenamed, from: &m}
			}
			src, from = fieldByWire(ins, fr.source), &m
		} else {
			src = fieldByWire(ins, wireName(of))
		}
	} else {
		for _, hf := range ins {
			if m, fr, ok := g.fromFor(pp, d.out, hf); ok && !fr.move && fr.source == wireName(of) {
				src, from = hf, &m
				break
			}
		}
		if src == nil {
			if cand := fieldByWire(ins, wireName(of)); cand != nil {
				if _, fr, ok := g.fromFor(pp, d.out, cand); !ok || fr.move {
					src = cand
				}
			}
		}
	}
	if src == nil {
		if d.toHub {
			return &fieldConv{out: of, class: ClassPreserved}
		}
		switch {
		case g.consumedByMove(pp, d.out, of):
			return &fieldConv{out: of, class: ClassRenamed}
		case markers.Has[markers.ConversionDrop](of.Markers):
			g.dropped[of] = true
			return &fieldConv{out: of, class: ClassLost}
		}
		return &fieldConv{out: of, class: ClassHandWritten, why: fmt.Sprintf("has no field in %s", pp.hubVer)}
	}
	fc := &fieldConv{in: src, out: of, from: from}
	plan, err := g.planValue(pp, src.Type, of.Type, omitsZero(src))
	switch {
	case err != nil:
		fc.class = ClassHandWritten
		fc.why = fmt.Sprintf("%s -> %s", localTypeString(src.Type, pp), localTypeString(of.Type, pp))
	case from != nil:
		fc.plan, fc.class = plan, ClassRenamed
	case plan.identical():
		fc.plan, fc.class = plan, ClassIdentical
	default:
		fc.plan, fc.class = plan, ClassConverted
	}
	return fc
}

// unmatched classifies an input field that no output field takes.
func (g *gen) unmatched(d *direction, f *model.Field) *fieldConv {
	pp := d.pair.pp
	if !d.toHub {
		if g.movedFromHub(pp, d.in, f) {
			return &fieldConv{in: f, class: ClassRenamed}
		}
		return &fieldConv{in: f, class: ClassPreserved}
	}
	switch {
	case g.consumedByMove(pp, d.in, f):
		return &fieldConv{in: f, class: ClassRenamed}
	case markers.Has[markers.ConversionDrop](f.Markers):
		g.dropped[f] = true
		return &fieldConv{in: f, class: ClassLost}
	}
	return &fieldConv{in: f, class: ClassHandWritten,
		why: fmt.Sprintf("has no field in %s", pp.hubVer)}
}

// fieldByWire returns the field with the given wire name.
func fieldByWire(fs []*model.Field, name string) *model.Field {
	for _, f := range fs {
		if wireName(f) == name {
			return f
		}
	}
	return nil
}
