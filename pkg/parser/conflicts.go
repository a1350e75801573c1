package parser

// This file implements checking the markers of one node (a package, a type
// or a field) against each other: a marker given twice with different
// values (two Maximum, two defaults, two +groupName in two files of a
// package), or markers that contradict each other (+optional and
// +required), is an error naming both lines, never a silent last-wins.

import (
	"fmt"
	"go/token"
	"reflect"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// meaning keys the markers that say the same thing: the value's type (the
// +k8s: forms parse into the same types as the +kubebuilder: ones), with
// items: variants apart, and the two forms of a default together.
func meaning(m markers.Marker) (key string, value any) {
	value = m.Value
	prefix := ""
	if it, ok := value.(markers.Items); ok {
		prefix, value = "items:", it.Value
	}
	if m.When != "" {
		// A marker of a feature set is a variant, not a conflict.
		prefix = "when " + m.When + ":" + prefix
	}
	switch v := value.(type) {
	case markers.K8sDefault:
		if v.Ref == "" {
			return prefix + "default", v.Value
		}
	case markers.Default:
		return prefix + "default", v.Value
	}
	return prefix + reflect.TypeOf(value).String(), value
}

// optionality says whether a marker makes a field optional (+1), required
// (-1), or neither (0).
func optionality(v any) int {
	switch v.(type) {
	case markers.Optional, markers.KubebuilderOptional:
		return 1
	case markers.Required, markers.KubebuilderRequired, markers.K8sRequired:
		return -1
	}
	return 0
}

// checkConflicts reports the markers of one node that conflict.
func (b *builder) checkConflicts(ms []markers.Marker, target markers.Target) {
	seen := map[string]markers.Marker{}
	var optional, required *markers.Marker
	for i, m := range ms {
		if m.Def == nil || m.Def.Foreign || !b.reads(m.Def) {
			continue
		}
		switch optionality(m.Value) {
		case 1:
			optional = &ms[i]
		case -1:
			required = &ms[i]
		}
		if m.Def.Repeatable {
			continue
		}
		key, value := meaning(m)
		prev, ok := seen[key]
		if !ok {
			seen[key] = m
			continue
		}
		if _, prevValue := meaning(prev); reflect.DeepEqual(prevValue, value) {
			continue
		}
		d := markers.Diagnostic{Pos: m.Pos, Code: markers.CodeMarkerValue,
			Msg:     fmt.Sprintf("+%s says something else than the +%s before it on the same %s; say it once", m.Name, prev.Name, target),
			Related: []markers.Related{{Pos: prev.Pos, Msg: "other +" + prev.Name + " here"}}}
		if key == "default" && m.Name != prev.Name {
			// Both forms of a default: the dialect says which wins.
			d.Severity = markers.Warning
			d.Msg = fmt.Sprintf("+%s and +%s give the field different defaults; +kubebuilder:default wins, as in controller-gen", prev.Name, m.Name)
		}
		if target != markers.OnPackage {
			b.conflicts[m.Pos] = true
		}
		b.l.diags.Add(d)
	}
	if optional != nil && required != nil {
		first, second := *optional, *required
		if second.Pos.Line < first.Pos.Line || second.Pos.Line == first.Pos.Line && second.Pos.Column < first.Pos.Column {
			first, second = second, first
		}
		// controller-gen's order decides (kubebuilder:validation:Optional,
		// then :Required, then +optional, then +required); it may be meant
		// (+optional for the API's readers, Required for the schema), so
		// this is a warning that says which wins.
		winner := "optional"
		if rank(*required) < rank(*optional) {
			winner = "required"
		}
		b.l.diags.Add(markers.Diagnostic{Pos: second.Pos, Severity: markers.Warning, Code: markers.CodeMarkerValue,
			Msg:     fmt.Sprintf("the field is marked both optional and required (+%s and +%s); it is %s, as controller-gen decides", first.Name, second.Name, winner),
			Related: []markers.Related{{Pos: first.Pos, Msg: "+" + first.Name + " here"}}})
	}
}

// rank is controller-gen's order among the optional and required markers:
// the lowest rank decides.
func rank(m markers.Marker) int {
	switch m.Value.(type) {
	case markers.KubebuilderOptional:
		return 0
	case markers.KubebuilderRequired:
		return 1
	case markers.Optional:
		return 2
	}
	return 3
}

// settleConflicts makes the conflicts on the markers of types no kind
// reaches warnings: they change no CRD (openshift/api's provider specs,
// which are not CRDs there, carry some).
func (b *builder) settleConflicts(m *model.Model) {
	if len(b.conflicts) == 0 {
		return
	}
	reached := map[token.Position]bool{}
	seen := map[*model.Type]bool{}
	var walkType func(t *model.Type)
	var walkExpr func(e model.TypeExpr)
	walkType = func(t *model.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		for _, mk := range t.Markers {
			reached[mk.Pos] = true
		}
		walkType(t.Base)
		walkExpr(t.Underlying)
	}
	walkExpr = func(e model.TypeExpr) {
		switch x := e.(type) {
		case *model.Named:
			walkType(x.Type)
		case *model.Pointer:
			walkExpr(x.Elem)
		case *model.Slice:
			walkExpr(x.Elem)
		case *model.Array:
			walkExpr(x.Elem)
		case *model.Map:
			walkExpr(x.Key)
			walkExpr(x.Elem)
		case *model.Struct:
			for _, f := range x.Fields {
				for _, mk := range f.Markers {
					reached[mk.Pos] = true
				}
				walkExpr(f.Type)
			}
		}
	}
	for _, k := range m.Kinds() {
		walkType(k.Type)
	}
	for i, d := range b.l.diags {
		if d.Severity == markers.Error && d.Code == markers.CodeMarkerValue && b.conflicts[d.Pos] && !reached[d.Pos] {
			b.l.diags[i].Severity = markers.Warning
			b.l.diags[i].Msg += " (no CRD reaches it, so no CRD changes)"
		}
	}
}
