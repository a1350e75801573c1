package schemagen

// This file implements feature sets in a CRD build (Options.Set): the
// versions, kinds, fields and markers whose conditions hold in the set,
// its descriptions, and what its CRDs get from crdgen.yaml (annotations,
// unserved versions). Without a set, crdgen's gates are off and Gateway
// API's tags are text, as controller-gen reads them.

import (
	"go/token"
	"maps"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// fromGatewayTag reports whether a marker stands for a Gateway API tag.
func fromGatewayTag(m markers.Marker) bool { return strings.HasPrefix(m.Text, "<gateway:") }

// holds reports whether a marker exists in the set.
func (g *gen) holds(m markers.Marker) bool {
	if g.opts.Set == nil && fromGatewayTag(m) {
		return false
	}
	return g.opts.Set.Holds(m.When)
}

// gatedIn reports whether every +crdgen:featureGate of a node holds.
func (g *gen) gatedIn(ms []markers.Marker) bool {
	for _, m := range ms {
		if fg, ok := m.Value.(markers.FeatureGate); ok && g.holds(m) && !g.opts.Set.Holds(fg.Value) {
			return false
		}
	}
	return true
}

// kindIn reports whether a kind's version is in the set: its package, its
// type and the set's kinds say so.
func (g *gen) kindIn(k *model.Kind) bool {
	return g.gatedIn(k.Package().Markers) && g.gatedIn(k.Type.Markers) && g.opts.Set.HasKind(k.Name, k.Version.Group.Name)
}

// fieldIn reports whether a field is in the set: its gates, and those of
// the named type it holds (through pointers, lists and maps).
func (g *gen) fieldIn(f *model.Field) bool {
	if !g.gatedIn(f.Markers) {
		return false
	}
	t := f.Type
	for {
		switch x := t.(type) {
		case *model.Pointer:
			t = x.Elem
		case *model.Slice:
			t = x.Elem
		case *model.Array:
			t = x.Elem
		case *model.Map:
			t = x.Elem
		case *model.Named:
			return g.gatedIn(x.Type.Markers)
		default:
			return true
		}
	}
}

// activeMarkers are the markers of a node that exist in the set: a marker
// whose condition holds replaces the node's unconditional markers that set
// the same keywords (+default and +kubebuilder:default alike), and the
// conditional ones before it that hold too (the last written wins, as
// openshift's generator applies them in order), unless it is repeatable (a
// CEL rule), which adds.
func (g *gen) activeMarkers(ms []markers.Marker) []markers.Marker {
	// last is, for each replaced key, the index of the conditional marker
	// that sets it.
	last := map[string]int{}
	conditional := false
	for i, m := range ms {
		if m.When != "" {
			conditional = true
			if g.holds(m) && (m.Def == nil || !m.Def.Repeatable) {
				last[replaceKey(m)] = i
			}
		}
	}
	if !conditional && (g.opts.Set != nil || !anyGatewayTag(ms)) {
		return ms
	}
	out := make([]markers.Marker, 0, len(ms))
	for i, m := range ms {
		if !g.holds(m) {
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

func anyGatewayTag(ms []markers.Marker) bool {
	for _, m := range ms {
		if fromGatewayTag(m) {
			return true
		}
	}
	return false
}

// needsDescribe reports whether the descriptions of a model change per
// set: with a set, or with crdgen's description spans (whose text goes
// when no gate is on). Without either, describeSet's walk is skipped.
func needsDescribe(m *model.Model, set *featureset.Set) bool {
	if set != nil {
		return true
	}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			if strings.Contains(t.Doc, "<crdgen:when=") {
				return true
			}
			if st, ok := t.Underlying.(*model.Struct); ok {
				for _, f := range st.Fields {
					if strings.Contains(f.Doc, "<crdgen:when=") {
						return true
					}
				}
			}
		}
	}
	return false
}

// describeSet writes the set's descriptions over a kind's schema, and
// Gateway API's one schema tag: <gateway:validateIPAddress> on a list of
// addresses makes an item of type IPAddress hold an IPv4 or IPv6 address.
func (g *gen) describeSet(s *apiextv1.JSONSchemaProps) {
	if !g.describe {
		return
	}
	schemapath.Edit(s, func(n *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
		if n.Description == "" {
			return true
		}
		if g.opts.Set != nil && strings.Contains(n.Description, "<gateway:validateIPAddress>") && n.Items != nil && n.Items.Schema != nil {
			n.Items.Schema.OneOf = ipAddressOneOf()
		}
		n.Description = g.opts.Set.Describe(n.Description)
		return true
	})
}

// ipAddressOneOf is the check Gateway API's generator adds for
// <gateway:validateIPAddress>.
func ipAddressOneOf() []apiextv1.JSONSchemaProps {
	ipAddress := []apiextv1.JSON{{Raw: []byte(`"IPAddress"`)}}
	return []apiextv1.JSONSchemaProps{
		{Properties: map[string]apiextv1.JSONSchemaProps{
			"type":  {Enum: ipAddress},
			"value": {AnyOf: []apiextv1.JSONSchemaProps{{Format: "ipv4"}, {Format: "ipv6"}}},
		}},
		{Properties: map[string]apiextv1.JSONSchemaProps{
			"type": {Not: &apiextv1.JSONSchemaProps{Enum: ipAddress}},
		}},
	}
}

// applySet gives a CRD what the set's CRDs get: its annotations, and its
// unserved versions.
func (g *gen) applySet(obj *apiextv1.CustomResourceDefinition) {
	set := g.opts.Set
	if set == nil {
		return
	}
	if len(set.Annotations) > 0 {
		if obj.Annotations == nil {
			obj.Annotations = map[string]string{}
		}
		maps.Copy(obj.Annotations, set.Annotations)
	}
	for i := range obj.Spec.Versions {
		if !set.Serves(obj.Spec.Versions[i].Name) {
			obj.Spec.Versions[i].Served = false
		}
	}
}

// checkConditionalMarkers reports +crdgen:when on a marker that does not
// change a schema node: only those can differ per set.
func (g *gen) checkConditionalMarkers(m *model.Model) {
	check := func(ms []markers.Marker) {
		for _, mk := range ms {
			if mk.When == "" || fromGatewayTag(mk) {
				continue
			}
			v := mk.Value
			if it, ok := v.(markers.Items); ok {
				v = it.Value
			}
			if r, _ := meaningOf(v); r.acts != onSchema {
				g.diags.Errorf(mk.Pos, markers.CodeMarkerTarget, "+crdgen:when applies to schema markers (validations, defaults, CEL rules); +%s is not one", mk.Name)
			}
		}
	}
	for _, p := range m.Packages {
		if !p.Root || !p.Local {
			continue
		}
		for _, t := range p.Types {
			check(t.Markers)
			if st, ok := t.Underlying.(*model.Struct); ok {
				for _, f := range st.Fields {
					check(f.Markers)
				}
			}
		}
	}
}

// CheckSets warns about what exists in no feature set: a version, kind,
// type or field whose gates no set turns on together, or a marker whose
// condition holds in no set where its node exists. A gate that is not one
// of known is the loader's error, and not warned about again.
func CheckSets(m *model.Model, sets []*featureset.Set, known []string) markers.ErrorList {
	var diags markers.ErrorList
	unknown := func(ms []markers.Marker) bool {
		return slices.ContainsFunc(ms, func(mk markers.Marker) bool {
			fg, ok := mk.Value.(markers.FeatureGate)
			return ok && !knownAll(known, fg.Value) || mk.When != "" && !fromGatewayTag(mk) && !knownAll(known, mk.When)
		})
	}
	gens := make([]*gen, len(sets))
	for i, s := range sets {
		gens[i] = &gen{opts: Options{Set: s}}
	}
	// in reports whether some set has every node of a chain.
	in := func(what string, pos token.Position, chain ...[]markers.Marker) bool {
		if slices.ContainsFunc(chain, unknown) {
			return false
		}
		for _, g := range gens {
			if !slices.ContainsFunc(chain, func(ms []markers.Marker) bool { return !g.gatedIn(ms) }) {
				return true
			}
		}
		diags.Warnf(pos, markers.CodeMarkerTarget, "%s exists in no feature set: no set of crdgen.yaml turns on its gates together", what)
		return false
	}
	markersIn := func(node string, ms []markers.Marker, chain ...[]markers.Marker) {
		for _, mk := range ms {
			if mk.When == "" {
				continue
			}
			found := false
			for _, g := range gens {
				found = found || g.holds(mk) && !slices.ContainsFunc(chain, func(ms []markers.Marker) bool { return !g.gatedIn(ms) })
			}
			if !found {
				diags.Warnf(mk.Pos, markers.CodeMarkerTarget, "%s of %s holds in no feature set where %s exists", mk.Text, node, node)
			}
		}
	}
	for _, p := range m.Packages {
		if !p.Root || !p.Local {
			continue
		}
		if !in("package "+p.Name, packagePos(p), p.Markers) {
			continue
		}
		for _, t := range p.Types {
			if !in("type "+t.Ident.Name, t.Pos, p.Markers, t.Markers) {
				continue
			}
			markersIn("type "+t.Ident.Name, t.Markers, p.Markers, t.Markers)
			st, ok := t.Underlying.(*model.Struct)
			if !ok {
				continue
			}
			for _, f := range st.Fields {
				what := "field " + f.GoName + " of " + t.Ident.Name
				if in(what, f.Pos, p.Markers, t.Markers, f.Markers) {
					markersIn(what, f.Markers, p.Markers, t.Markers, f.Markers)
				}
			}
		}
	}
	return diags
}

// knownAll reports whether a condition parses and every gate of it is
// known (the loader reports the others).
func knownAll(known []string, cond string) bool {
	if featureset.CheckCondition(cond) != nil {
		return false
	}
	for _, g := range featureset.Gates(cond) {
		if !slices.Contains(known, g) {
			return false
		}
	}
	return true
}

// packagePos is where a package's feature gate markers are.
func packagePos(p *model.Package) token.Position {
	for _, m := range p.Markers {
		if _, ok := m.Value.(markers.FeatureGate); ok {
			return m.Pos
		}
	}
	return token.Position{}
}
