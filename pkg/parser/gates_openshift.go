package parser

// This file implements reading OpenShift's feature gate markers as
// crdgen's feature sets read gates: each is turned into the crdgen marker
// it stands for, with a condition (the model keeps OpenShift's own markers
// too, for what reads them as they are):
//
//   - +openshift:enable:FeatureGate=A and =B on a field: +crdgen:featureGate=A|B
//     (any of them, where crdgen's own markers mean all of them); on a
//     kind (a +kubebuilder:object:root type), the same for its CRD;
//   - +openshift:validation:FeatureGateAware{Enum,MaxItems,XValidation}:
//     the enum, bound or rule under +crdgen:when, its condition A|B for
//     featureGate=A;B, A&B for requiredFeatureGate=A;B, and !* (where no
//     gate is on: openshift's build with no gate, which its sets are
//     composed from) for featureGate="".
//
// The CEL rules go before the node's other rules, as openshift's generator
// applies them first.

import (
	"go/token"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// ungated is the condition of OpenShift's featureGate="": the build with no
// gate on.
const ungated = "!*"

// withOpenShift returns a node's markers with the crdgen markers its
// OpenShift feature gate markers stand for.
func (b *builder) withOpenShift(ms []markers.Marker, target markers.Target, pkg *model.Package) []markers.Marker {
	var rules, others []markers.Marker
	var gates []string
	var gatePos token.Position
	for _, m := range ms {
		switch v := m.Value.(type) {
		case markers.OpenShiftFeatureGate:
			if len(gates) == 0 {
				gatePos = m.Pos
			}
			gates = append(gates, v.Value...)
		case markers.OpenShiftEnum:
			vals := make([]any, len(v.Enum))
			for i, e := range v.Enum {
				vals[i] = e
			}
			others = append(others, b.translated(m, "kubebuilder:validation:Enum", target, openShiftCond(v.Gates()), markers.Enum{Value: vals}))
		case markers.OpenShiftMaxItems:
			others = append(others, b.translated(m, "kubebuilder:validation:MaxItems", target, openShiftCond(v.Gates()), markers.MaxItems{Value: int64(v.MaxItems)}))
		case markers.OpenShiftXValidation:
			rules = append(rules, b.translated(m, "kubebuilder:validation:XValidation", target, openShiftCond(v.Gates()),
				markers.XValidation{Rule: v.Rule, Message: v.Message}))
		case markers.OpenShiftFilePattern:
			if msg := v.IgnoredMessage(); msg != "" && pkg.Local {
				b.l.diags.Warnf(m.Pos, markers.CodeMarkerIgnored, "%s", msg)
			}
		}
	}
	if len(gates) > 0 {
		switch {
		case target == markers.OnField || objectRoot(ms):
			fg := markers.Marker{Name: "crdgen:featureGate", Pos: gatePos, Text: "+openshift:enable:FeatureGate=" + strings.Join(gates, ","),
				Value: markers.FeatureGate{Value: openShiftCond(markers.OpenShiftGates{FeatureGate: gates})}, Def: b.reg.Lookup("crdgen:featureGate", target)}
			others = append(others, fg)
		case pkg.Local:
			b.l.diags.Warnf(gatePos, markers.CodeMarkerIgnored,
				"+openshift:enable:FeatureGate gates nothing on a type that is not a kind (+kubebuilder:object:root), as in openshift/api's generators; put it on the fields that hold the type")
		}
	}
	if len(rules)+len(others) == 0 {
		return ms
	}
	return slices.Concat(rules, ms, others)
}

// translated is the crdgen marker an OpenShift marker stands for: its
// value, under a condition, named as it was written.
func (b *builder) translated(m markers.Marker, as string, target markers.Target, cond string, v any) markers.Marker {
	if cond == "" {
		// openshift's generator refuses it too.
		b.l.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+%s needs featureGate or requiredFeatureGate", m.Name)
	}
	return markers.Marker{Name: m.Name, Pos: m.Pos, Text: m.Text, Value: v, When: cond, Def: b.reg.Lookup(as, target)}
}

// openShiftCond is the condition of OpenShift's gate arguments: every
// required gate when there are any, else any gate of featureGate ("" is
// the build with no gate on).
func openShiftCond(g markers.OpenShiftGates) string {
	if len(g.RequiredFeatureGate) > 0 {
		return featureset.AllOf(g.RequiredFeatureGate...)
	}
	var anyOf []string
	for _, gate := range g.FeatureGate {
		if gate == "" {
			gate = ungated
		}
		if !slices.Contains(anyOf, gate) {
			anyOf = append(anyOf, gate)
		}
	}
	return featureset.AnyOf(anyOf...)
}

// objectRoot reports whether a type's markers say it is a root object
// (+kubebuilder:object:root=true).
func objectRoot(ms []markers.Marker) bool {
	for _, m := range ms {
		if r, ok := m.Value.(markers.ObjectRoot); ok && r.Value {
			return true
		}
	}
	return false
}
