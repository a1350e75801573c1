package schemagen

import (
	"fmt"
	"testing"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// viewModel is a kind Widget whose spec has a field gated by X, a field
// whose maximum is 5 where X is on, and a field of a type no gate touches.
func viewModel() (m *model.Model, widget, spec, plain *model.Type) {
	p := &model.Package{Path: "example.com/api/v1", Name: "v1", Root: true, Local: true, HasGroup: true, Group: "example.com", Version: "v1"}
	named := func(name string, u model.TypeExpr) *model.Type {
		t := &model.Type{Ident: model.GoIdent{ImportPath: p.Path, Name: name}, Package: p, Underlying: u}
		p.Types = append(p.Types, t)
		return t
	}
	plain = named("Plain", &model.Struct{Fields: []*model.Field{{GoName: "N", JSONName: "n", Type: &model.Basic{Name: "string"}, Exported: true, HasJSONTag: true}}})
	spec = named("Spec", &model.Struct{Fields: []*model.Field{
		{GoName: "Gated", JSONName: "gated", Type: &model.Basic{Name: "string"}, Exported: true, HasJSONTag: true,
			Markers: []markers.Marker{{Name: "crdgen:featureGate", Value: markers.FeatureGate{Value: "X"}}}},
		{GoName: "Bounded", JSONName: "bounded", Type: &model.Basic{Name: "int32"}, Exported: true, HasJSONTag: true,
			Markers: []markers.Marker{{Name: "kubebuilder:validation:Maximum", Value: markers.Maximum{Value: 5}, When: "X"}}},
		{GoName: "Plain", JSONName: "plain", Type: &model.Named{Type: plain}, Exported: true, HasJSONTag: true},
	}})
	widget = named("Widget", &model.Struct{Fields: []*model.Field{{GoName: "Spec", JSONName: "spec", Type: &model.Named{Type: spec}, Exported: true, HasJSONTag: true}}})
	m = model.New(p.Types)
	g := &model.Group{Name: "example.com"}
	v := &model.Version{Name: "v1", Group: g, Packages: []*model.Package{p}}
	v.Kinds = []*model.Kind{{Name: "Widget", Type: widget, Version: v}}
	g.Versions = []*model.Version{v}
	m.Groups, m.Packages = []*model.Group{g}, []*model.Package{p}
	return m, widget, spec, plain
}

// fieldNames are the Go names of a type's fields.
func fieldNames(t *model.Type) []string {
	var out []string
	for _, f := range t.Underlying.(*model.Struct).Fields {
		out = append(out, f.GoName)
	}
	return out
}

// TestViewsCopyOnlyWhatTheSetChanges checks a view: the gated field gone
// where its gate is off, the conditional marker only where it holds, the
// types on the way to a change copied and the others the model's own,
// and each view made once.
func TestViewsCopyOnlyWhatTheSetChanges(t *testing.T) {
	m, widget, spec, plain := viewModel()
	vs := NewViews(m)
	off, on := &featureset.Set{Name: "off"}, &featureset.Set{Name: "on", Gates: []string{"X"}}
	for _, c := range []struct {
		set        *featureset.Set
		fields     string
		boundedMax int
	}{
		{nil, "[Bounded Plain]", 0},
		{off, "[Bounded Plain]", 0},
		{on, "[Gated Bounded Plain]", 1},
	} {
		v := vs.Of(c.set)
		if vs.Of(c.set) != v {
			t.Errorf("%v: Of made the view twice", c.set)
		}
		kinds := v.Kinds()
		if len(kinds) != 1 || kinds[0].Type == widget {
			t.Fatalf("%v: got kinds %v, want Widget copied (its spec changes)", c.set, kinds)
		}
		vspec := kinds[0].Type.Underlying.(*model.Struct).Fields[0].Type.(*model.Named).Type
		if vspec == spec {
			t.Fatalf("%v: Spec is the model's, want a copy", c.set)
		}
		if got := fmt.Sprint(fieldNames(vspec)); got != c.fields {
			t.Errorf("%v: Spec's fields %s, want %s", c.set, got, c.fields)
		}
		fields := vspec.Underlying.(*model.Struct).Fields
		bounded, vplain := fields[len(fields)-2], fields[len(fields)-1]
		if len(bounded.Markers) != c.boundedMax {
			t.Errorf("%v: Bounded has %d markers, want %d", c.set, len(bounded.Markers), c.boundedMax)
		}
		if vplain != spec.Underlying.(*model.Struct).Fields[2] || vplain.Type.(*model.Named).Type != plain {
			t.Errorf("%v: the Plain field or its type was copied; the set changes neither", c.set)
		}
		if got, want := v.modelKinds(kinds)[0], m.Kinds()[0]; got != want {
			t.Errorf("%v: modelKinds gave %v, want the model's kind", c.set, got)
		}
		gated := spec.Underlying.(*model.Struct).Fields[0]
		if got, want := v.Has(gated), c.set == on; got != want {
			t.Errorf("%v: Has(Gated) = %v, want %v", c.set, got, want)
		}
		bmax := &spec.Underlying.(*model.Struct).Fields[1].Markers[0]
		if got, want := v.Has(bmax), c.set == on; got != want {
			t.Errorf("%v: Has(Bounded's Maximum) = %v, want %v", c.set, got, want)
		}
	}
	if a, b := vs.withGates("X", []string{"X"}), vs.withGates("X", []string{"X"}); a != b {
		t.Errorf("withGates made the partial view twice")
	}
	if got := len(vs.All()); got != 4 {
		t.Errorf("All: %d views, want 4 (three sets and one partial)", got)
	}
}

// TestViewOfAnUngatedModelIsTheModel checks that a model with no gates is
// its own view: no copies at all.
func TestViewOfAnUngatedModelIsTheModel(t *testing.T) {
	m, _, spec, _ := viewModel()
	st := spec.Underlying.(*model.Struct)
	st.Fields[0].Markers, st.Fields[1].Markers = nil, nil
	v := NewViews(m).Of(nil)
	if got := v.Groups(); len(got) != 1 || got[0] != m.Groups[0] {
		t.Errorf("the view's groups are copies; want the model's")
	}
}
