package schemagen

import (
	"reflect"
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// TestCopyNodesKnowsEveryField fails when apiextensions/v1 adds a field to
// JSONSchemaProps: copyNodes must then say whether it holds nodes (copied)
// or values (shared).
func TestCopyNodesKnowsEveryField(t *testing.T) {
	known := []string{"ID", "Schema", "Ref", "Description", "Type", "Format", "Title", "Default", "Maximum",
		"ExclusiveMaximum", "Minimum", "ExclusiveMinimum", "MaxLength", "MinLength", "Pattern", "MaxItems", "MinItems",
		"UniqueItems", "MultipleOf", "Enum", "MaxProperties", "MinProperties", "Required", "Items", "AllOf", "OneOf",
		"AnyOf", "Not", "Properties", "AdditionalProperties", "PatternProperties", "Dependencies", "AdditionalItems",
		"Definitions", "ExternalDocs", "Example", "Nullable", "XPreserveUnknownFields", "XEmbeddedResource",
		"XIntOrString", "XListMapKeys", "XListType", "XMapType", "XValidations"}
	st := reflect.TypeFor[apiextv1.JSONSchemaProps]()
	var got []string
	for i := range st.NumField() {
		got = append(got, st.Field(i).Name)
	}
	if !slices.Equal(got, known) {
		t.Errorf("JSONSchemaProps has fields %v, copyNodes knows %v", got, known)
	}
}

// TestCopyNodesIsDeep copies schemas that use every place a node can be,
// requires the copy equal to the original, then changes every node of the
// copy and appends to its lists, and requires the original unchanged.
func TestCopyNodesIsDeep(t *testing.T) {
	leaf := func(d string) apiextv1.JSONSchemaProps {
		return apiextv1.JSONSchemaProps{Description: d, Type: "string", Enum: []apiextv1.JSON{{Raw: []byte(`"a"`)}},
			Required: make([]string, 1, 4), XValidations: apiextv1.ValidationRules{{Rule: "true"}}}
	}
	l := leaf("l")
	s := apiextv1.JSONSchemaProps{
		Description:          "root",
		Properties:           map[string]apiextv1.JSONSchemaProps{"a": leaf("a"), "b": {Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &l}}},
		Items:                &apiextv1.JSONSchemaPropsOrArray{JSONSchemas: []apiextv1.JSONSchemaProps{leaf("t0")}},
		AllOf:                []apiextv1.JSONSchemaProps{leaf("all")},
		OneOf:                []apiextv1.JSONSchemaProps{leaf("one")},
		AnyOf:                []apiextv1.JSONSchemaProps{leaf("any")},
		Not:                  &apiextv1.JSONSchemaProps{Description: "not"},
		AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &apiextv1.JSONSchemaProps{Description: "values"}},
		PatternProperties:    map[string]apiextv1.JSONSchemaProps{"^x": leaf("pattern")},
		AdditionalItems:      &apiextv1.JSONSchemaPropsOrBool{Schema: &apiextv1.JSONSchemaProps{Description: "more"}},
		Definitions:          map[string]apiextv1.JSONSchemaProps{"d": leaf("def")},
		Dependencies:         apiextv1.JSONSchemaDependencies{"p": {Schema: &apiextv1.JSONSchemaProps{Description: "dep"}, Property: []string{"q"}}},
		Required:             make([]string, 2, 8),
	}
	before := s.DeepCopy()
	// Two copies of one schema append to the same list (its array has room).
	one, two := copyNodes(&s), copyNodes(&s)
	one.Required = append(one.Required, "one")
	two.Required = append(two.Required, "two")
	if one.Required[2] != "one" || two.Required[2] != "two" {
		t.Errorf("two copies share a list: %q and %q", one.Required, two.Required)
	}
	c := copyNodes(&s)
	if !reflect.DeepEqual(c, before) {
		t.Fatal("the copy differs from the original")
	}
	edit := func(n *apiextv1.JSONSchemaProps) {
		n.Description += " changed"
		n.Required = append(n.Required, "added")
		n.Enum = append(n.Enum, apiextv1.JSON{Raw: []byte(`"b"`)})
		n.XValidations = append(n.XValidations, apiextv1.ValidationRule{Rule: "false"})
		if n.Properties != nil {
			n.Properties["new"] = apiextv1.JSONSchemaProps{}
		}
	}
	nodes := 0
	schemapath.Edit(c, func(n *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
		edit(n)
		nodes++
		return true
	})
	// The walker does not go to these.
	for _, n := range []*apiextv1.JSONSchemaProps{c.AdditionalItems.Schema, c.Dependencies["p"].Schema} {
		edit(n)
	}
	for _, m := range []map[string]apiextv1.JSONSchemaProps{c.PatternProperties, c.Definitions} {
		for k, v := range m {
			edit(&v)
			m[k] = v
		}
	}
	if nodes < 11 {
		t.Fatalf("the walk changed %d nodes", nodes)
	}
	if !reflect.DeepEqual(&s, before) {
		t.Error("changing the copy changed the original")
	}
}
