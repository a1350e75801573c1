package schemagen

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

// TestMeaningsBuild builds the real table (a mistake in it panics).
func TestMeaningsBuild(t *testing.T) {
	if r, ok := meaningOf(markers.MaxItems{}); !ok || r.acts != onSchema || !slices.Equal(r.keywords, []string{"maxItems"}) {
		t.Fatalf("MaxItems: %+v, %v", r, ok)
	}
	if r, _ := meaningOf(markers.PrintColumn{}); r.acts != onCRD {
		t.Fatalf("PrintColumn acts on %v, want the CRD", r.acts)
	}
	reg := markers.DefaultRegistry()
	for _, c := range []struct {
		keyword string
		items   bool
		want    string
	}{
		{"maxItems", false, "kubebuilder:validation:MaxItems"},
		{"maxLength", true, "kubebuilder:validation:items:MaxLength"},
		{"maxProperties", false, "kubebuilder:validation:MaxProperties"},
	} {
		got, ok := MarkerFor(c.keyword, c.items)
		if !ok || got != c.want || reg.Lookup(got, markers.OnField) == nil {
			t.Errorf("MarkerFor(%s, %v) = %q, %v; want %q, a field marker", c.keyword, c.items, got, ok, c.want)
		}
	}
}

// TestBuildMeaningsRefusesMistakes checks each mistake the table is checked
// for when it is built.
func TestBuildMeaningsRefusesMistakes(t *testing.T) {
	apply := func(*applyCtx, *apiextv1.JSONSchemaProps, any) error { return nil }
	def := func(v any) *markers.Definition { return &markers.Definition{Name: "x", Args: v} }
	kws := []keyword{{name: "maxItems", merge: func(*merging) {}}, {name: "title", elsewhere: "by expandRef"}, {name: "$schema", never: "no marker sets it"}}
	for _, c := range []struct {
		name string
		rows []meaning
		defs []*markers.Definition
		want string
	}{
		{"a marker without a row", nil, []*markers.Definition{def(markers.MaxItems{})}, "has no row"},
		{"two rows", []meaning{schemaRow(markers.MaxItems{}, 1, apply, "maxItems"), schemaRow(markers.MaxItems{}, 1, apply, "maxItems")}, nil, "two rows"},
		{"an unknown keyword", []meaning{schemaRow(markers.MaxItems{}, 1, apply, "maxitems")}, nil, "not a schema keyword"},
		{"a keyword that does not merge", []meaning{schemaRow(markers.MaxItems{}, 1, apply, "$schema")}, nil, "does not merge"},
		{"a schema row that does not apply", []meaning{schemaRow(markers.MaxItems{}, 1, nil, "maxItems")}, nil, "applies itself"},
		{"a schema row without keywords", []meaning{schemaRow(markers.MaxItems{}, 1, apply)}, nil, "applies itself"},
		{"a CRD row that applies", []meaning{{value: markers.Resource{}, acts: onCRD, apply: apply}}, nil, "applies itself"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := buildMeanings(c.rows, kws, c.defs)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
		})
	}
	if _, err := buildMeanings([]meaning{schemaRow(markers.Title{}, 1, apply, "title")}, kws, []*markers.Definition{def(markers.Title{})}); err != nil {
		t.Fatalf("a keyword merged elsewhere: %v", err)
	}
}

// TestKeywordTableCoversTheSchema checks that the keyword table has every
// field of JSONSchemaProps, once, by its JSON name: a keyword added in a
// new apiextensions-apiserver shows up here, and must say how it merges.
func TestKeywordTableCoversTheSchema(t *testing.T) {
	var fields []string
	typ := reflect.TypeFor[apiextv1.JSONSchemaProps]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		fields = append(fields, name)
	}
	var names []string
	for _, k := range keywordTable() {
		names = append(names, k.name)
		if (k.merge != nil) == (k.elsewhere != "" || k.never != "") || k.elsewhere != "" && k.never != "" {
			t.Errorf("%s: a keyword merges, or says where it merges, or why it never does: one of the three", k.name)
		}
	}
	slices.Sort(fields)
	slices.Sort(names)
	if !slices.Equal(names, fields) {
		t.Errorf("keyword table:\n%q\nJSONSchemaProps:\n%q", names, fields)
	}
}

// TestRuleMarkerFindsEveryRuleWritingMarker checks that each marker that
// writes CEL rules is found from the rule it writes.
func TestRuleMarkerFindsEveryRuleWritingMarker(t *testing.T) {
	var c CRD
	for _, v := range []any{
		markers.XValidation{Rule: "self.a > 0"}, markers.Immutable{},
		markers.AtMostOneOf{Value: []string{"a", "b"}}, markers.ExactlyOneOf{Value: []string{"c", "d"}}, markers.AtLeastOneOf{Value: []string{"e", "f"}},
	} {
		r, _ := meaningOf(v)
		var s apiextv1.JSONSchemaProps
		if err := r.apply(nil, &s, v); err != nil || len(s.XValidations) != 1 {
			t.Fatalf("%T: %v, %v", v, s.XValidations, err)
		}
		m := markers.Marker{Name: reflect.TypeOf(v).Name(), Value: v}
		got, ok := c.RuleMarker(Origin{Markers: []markers.Marker{{Value: markers.Nullable{}}, m}}, s.XValidations[0].Rule)
		if !ok || got.Name != m.Name {
			t.Errorf("%T: RuleMarker found %v, %v", v, got.Name, ok)
		}
	}
}
