package parser

// This file implements reading feature gates: crdgen's conditional
// markers (+crdgen:when:Gate:<marker>), Gateway API's tags in doc comments
// (turned into the same markers when crdgen.yaml declares feature sets:
// <gateway:experimental> is +crdgen:featureGate=experimental, a channel's
// validation a marker with a condition; without sets they are text, and
// no marker), and the check that every gate a package of the main module
// names is one crdgen.yaml's feature sets know. What is in a set is then
// schemagen's views' to work out, from these conditions alone.

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// parseWhen parses +crdgen:when:Cond:<marker>: the marker, with its
// condition.
func (b *builder) parseWhen(text string, target markers.Target) (markers.Marker, error) {
	rest := text[len(markers.WhenPrefix):]
	cond, inner, ok := strings.Cut(rest, ":")
	named := markers.Marker{Name: "crdgen:when", Text: text}
	if !ok || inner == "" {
		return named, &markers.ArgError{Msg: "a condition and a marker, as in +crdgen:when:Gate:kubebuilder:validation:Maximum=5"}
	}
	if err := featureset.CheckCondition(cond); err != nil {
		return named, &markers.ArgError{Offset: len(markers.WhenPrefix), Msg: err.Error()}
	}
	off := len(markers.WhenPrefix) + len(cond)
	m, err := b.reg.Parse("+"+inner, target)
	if ae, isArg := err.(*markers.ArgError); isArg && ae.Offset > 0 {
		ae.Offset += off
	}
	for i := range m.Warnings {
		m.Warnings[i].Offset += off
	}
	m.When, m.Text = cond, text
	if err == nil && m.Def != nil && m.Def.Name == "crdgen:featureGate" {
		err = &markers.ArgError{Offset: off + 1, Msg: "a feature gate under +crdgen:when means two conditions; write two +crdgen:featureGate markers"}
	}
	return m, err
}

// gatewayMarkers are the markers Gateway API's tags in a doc comment stand
// for, at pos. Without feature sets there are none: the tags are text, as
// controller-gen reads them.
func (b *builder) gatewayMarkers(doc string, pos token.Position, target markers.Target, pkg *model.Package) []markers.Marker {
	if !b.l.opts.FeatureSets && len(b.l.opts.FeatureGates) == 0 {
		return nil
	}
	tags := featureset.ReadGatewayTags(doc)
	if pkg.Local && len(b.l.opts.FeatureGates) > 0 {
		for _, p := range tags.Problems {
			b.l.diags.Errorf(pos, markers.CodeMarkerSyntax, "%s", p)
		}
	}
	var out []markers.Marker
	add := func(name string, when string, v any, text string) {
		out = append(out, markers.Marker{Name: name, Pos: pos, Text: text, Value: v, When: when, Def: b.reg.Lookup(name, target), FromDocTag: true})
	}
	if tags.Experimental {
		add("crdgen:featureGate", "", markers.FeatureGate{Value: featureset.GatewayChannel}, "<gateway:experimental>")
	}
	for _, v := range tags.Validations {
		switch {
		case v.Enum != nil:
			vals := make([]any, len(v.Enum))
			for i, e := range v.Enum {
				vals[i] = e
			}
			add("kubebuilder:validation:Enum", v.When, markers.Enum{Value: vals}, "<gateway:...:validation:Enum="+strings.Join(v.Enum, ";")+">")
		case v.Pattern != "":
			add("kubebuilder:validation:Pattern", v.When, markers.Pattern{Value: v.Pattern}, "<gateway:...:validation:Pattern=`"+v.Pattern+"`>")
		default:
			add("kubebuilder:validation:XValidation", v.When, markers.XValidation{Rule: v.Rule, Message: v.Message}, "<gateway:...:validation:XValidation:...>")
		}
	}
	return out
}

// checkGates reports, for a package of the main module, the conditions of
// its markers and doc comment that name a gate no feature set knows, and
// those of the markers its Gateway API tags stand for (gateway) when the
// feature sets know some gate: with none, every set is the standard
// channel, which names no gate.
func (b *builder) checkGates(ms, gateway []markers.Marker, doc string, pos token.Position, pkg *model.Package) {
	if !pkg.Local {
		return
	}
	if len(b.l.opts.FeatureGates) > 0 {
		ms = slices.Concat(ms, gateway)
	}
	for _, m := range ms {
		if m.When != "" {
			b.checkGate(m.When, m.Pos, m.Text)
		}
		if g, ok := m.Value.(markers.FeatureGate); ok {
			if err := featureset.CheckCondition(g.Value); err != nil {
				b.l.diags.Errorf(m.Pos, markers.CodeMarkerSyntax, "+crdgen:featureGate: %v", err)
				continue
			}
			b.checkGate(g.Value, m.Pos, m.Text)
		}
	}
	for _, cond := range featureset.SpanConditions(doc) {
		b.checkGate(cond, pos, "<crdgen:when="+cond+">")
	}
}

// checkGate reports the gates of a condition no feature set knows.
func (b *builder) checkGate(cond string, pos token.Position, what string) {
	for _, gate := range featureset.Gates(cond) {
		if !slices.Contains(b.l.opts.FeatureGates, gate) {
			b.unknownGate(gate, pos, what)
		}
	}
}

// unknownGate reports a gate no feature set knows.
func (b *builder) unknownGate(gate string, pos token.Position, what string) {
	known := b.l.opts.FeatureGates
	msg := fmt.Sprintf("%s: no feature set in crdgen.yaml knows the gate %s", what, gate)
	switch {
	case len(known) == 0 && !b.l.opts.FeatureSets:
		msg += " (crdgen.yaml declares no featureSets, so every gate is off)"
	case len(known) == 0:
		msg += " (its feature sets turn on no gate, and featureGates declares none)"
	case markers.Suggest(gate, known) != "":
		msg += fmt.Sprintf(", did you mean %s?", markers.Suggest(gate, known))
	default:
		msg += fmt.Sprintf(" (they know %s)", strings.Join(known, ", "))
	}
	b.l.diags.Errorf(pos, markers.CodeMarkerSyntax, "%s", msg)
}
