package schemagen

// This file implements what a feature set gives a CRD beside its view of
// the model (view.go): its descriptions, and what its CRDs get from
// crdgen.yaml (annotations, unserved versions); and the checks of what
// exists in no set. Without a set, crdgen's gates are off and Gateway
// API's tags are text, as controller-gen reads them (the loader makes no
// markers of them).

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

// needsDescribe reports whether the descriptions of a model change per
// set: with a set, or with crdgen's description spans (whose text goes
// when no gate is on). Without either, describeSet's walk is skipped.
func needsDescribe(views *Views, set *featureset.Set) bool {
	return set != nil || views.describes()
}

// describeSet writes the set's descriptions over a kind's schema, and
// Gateway API's one schema tag: <gateway:validateIPAddress> on a list of
// addresses makes an item of type IPAddress hold an IPv4 or IPv6 address.
func (g *gen) describeSet(s *apiextv1.JSONSchemaProps) {
	if !g.describe {
		return
	}
	set := g.view.Set
	schemapath.Edit(s, func(n *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
		if n.Description == "" {
			return true
		}
		if set != nil && strings.Contains(n.Description, "<gateway:validateIPAddress>") && n.Items != nil && n.Items.Schema != nil {
			n.Items.Schema.OneOf = ipAddressOneOf()
		}
		n.Description = set.Describe(n.Description)
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
	set := g.view.Set
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
			if mk.When == "" {
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

// CheckSets warns about what exists in no view of views (those every
// set's build read: Views.All): a package, type or field whose gates no
// set turns on together, or a marker whose condition holds in no view
// where its node exists. A node whose gates are not all of known is the
// loader's error, and not warned about again (but for the conditions of
// doc-comment tags, which the loader does not always check).
func CheckSets(m *model.Model, views []*View, known []string) markers.ErrorList {
	var diags markers.ErrorList
	unknown := func(ms []markers.Marker) bool {
		return slices.ContainsFunc(ms, func(mk markers.Marker) bool {
			fg, ok := mk.Value.(markers.FeatureGate)
			return ok && !knownAll(known, fg.Value) || mk.When != "" && !mk.FromDocTag && !knownAll(known, mk.When)
		})
	}
	inSome := func(node any) bool {
		return slices.ContainsFunc(views, func(v *View) bool { return v.Has(node) })
	}
	// in reports whether some view has a node, whose chain of marker lists
	// (its package's, its type's, its own) names only known gates.
	in := func(node any, what string, pos token.Position, chain ...[]markers.Marker) bool {
		if slices.ContainsFunc(chain, unknown) {
			return false
		}
		if inSome(node) {
			return true
		}
		diags.Warnf(pos, markers.CodeMarkerTarget, "%s exists in no feature set: no set of crdgen.yaml turns on its gates together", what)
		return false
	}
	markersIn := func(node string, ms []markers.Marker) {
		for i := range ms {
			if ms[i].When != "" && !inSome(&ms[i]) {
				diags.Warnf(ms[i].Pos, markers.CodeMarkerTarget, "%s of %s holds in no feature set where %s exists", ms[i].Text, node, node)
			}
		}
	}
	for _, p := range m.Packages {
		if !p.Root || !p.Local {
			continue
		}
		if !in(p, "package "+p.Name, packagePos(p), p.Markers) {
			continue
		}
		for _, t := range p.Types {
			if !in(t, "type "+t.Ident.Name, t.Pos, p.Markers, t.Markers) {
				continue
			}
			markersIn("type "+t.Ident.Name, t.Markers)
			st, ok := t.Underlying.(*model.Struct)
			if !ok {
				continue
			}
			for _, f := range st.Fields {
				what := "field " + f.GoName + " of " + t.Ident.Name
				if in(f, what, f.Pos, p.Markers, t.Markers, f.Markers) {
					markersIn(what, f.Markers)
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
