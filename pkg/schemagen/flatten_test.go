package schemagen

import (
	"reflect"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

func i64(v int64) *int64     { return &v }
func f64(v float64) *float64 { return &v }
func js(s string) apiextv1.JSON {
	return apiextv1.JSON{Raw: []byte(s)}
}

// TestMergeInto checks how a reference site (src) merges into its type's
// schema (dst): controller-gen's rules, and crdgen's deliberate differences.
func TestMergeInto(t *testing.T) {
	tests := []struct {
		name         string
		dst, src     apiextv1.JSONSchemaProps
		want         apiextv1.JSONSchemaProps
		wantConflict bool
	}{
		{"tighter max length from the field", apiextv1.JSONSchemaProps{Type: "string", MaxLength: i64(253)}, apiextv1.JSONSchemaProps{Type: "string", MaxLength: i64(63)},
			apiextv1.JSONSchemaProps{Type: "string", MaxLength: i64(63)}, false},
		{"looser max length keeps the type's", apiextv1.JSONSchemaProps{MaxLength: i64(10)}, apiextv1.JSONSchemaProps{MaxLength: i64(20)},
			apiextv1.JSONSchemaProps{MaxLength: i64(10)}, false},
		{"min items keeps the larger", apiextv1.JSONSchemaProps{MinItems: i64(1)}, apiextv1.JSONSchemaProps{MinItems: i64(3)},
			apiextv1.JSONSchemaProps{MinItems: i64(3)}, false},
		{"a tighter maximum brings its own exclusiveness", apiextv1.JSONSchemaProps{Maximum: f64(10), ExclusiveMaximum: true}, apiextv1.JSONSchemaProps{Maximum: f64(5)},
			apiextv1.JSONSchemaProps{Maximum: f64(5)}, false},
		{"an equal maximum is exclusive if either is", apiextv1.JSONSchemaProps{Maximum: f64(5)}, apiextv1.JSONSchemaProps{Maximum: f64(5), ExclusiveMaximum: true},
			apiextv1.JSONSchemaProps{Maximum: f64(5), ExclusiveMaximum: true}, false},
		{"a looser maximum leaves the type's", apiextv1.JSONSchemaProps{Maximum: f64(5), ExclusiveMaximum: true}, apiextv1.JSONSchemaProps{Maximum: f64(10)},
			apiextv1.JSONSchemaProps{Maximum: f64(5), ExclusiveMaximum: true}, false},
		{"a higher minimum wins", apiextv1.JSONSchemaProps{Minimum: f64(0)}, apiextv1.JSONSchemaProps{Minimum: f64(1)},
			apiextv1.JSONSchemaProps{Minimum: f64(1)}, false},
		{"enums intersect", apiextv1.JSONSchemaProps{Enum: []apiextv1.JSON{js(`"a"`), js(`"b"`), js(`"c"`)}}, apiextv1.JSONSchemaProps{Enum: []apiextv1.JSON{js(`"c"`), js(`"a"`)}},
			apiextv1.JSONSchemaProps{Enum: []apiextv1.JSON{js(`"a"`), js(`"c"`)}}, false},
		{"disjoint enums conflict", apiextv1.JSONSchemaProps{Enum: []apiextv1.JSON{js(`"a"`)}}, apiextv1.JSONSchemaProps{Enum: []apiextv1.JSON{js(`"b"`)}},
			apiextv1.JSONSchemaProps{Enum: []apiextv1.JSON{js(`"a"`)}}, true},
		{"differing patterns both stay, in allOf", apiextv1.JSONSchemaProps{Pattern: "^a"}, apiextv1.JSONSchemaProps{Pattern: "b$"},
			apiextv1.JSONSchemaProps{AllOf: []apiextv1.JSONSchemaProps{{Pattern: "^a"}, {Pattern: "b$"}}}, false},
		{"differing types conflict", apiextv1.JSONSchemaProps{Type: "string"}, apiextv1.JSONSchemaProps{Type: "integer"},
			apiextv1.JSONSchemaProps{Type: "string"}, true},
		{"the site's default wins", apiextv1.JSONSchemaProps{Default: &apiextv1.JSON{Raw: []byte(`"M"`)}}, apiextv1.JSONSchemaProps{Default: &apiextv1.JSON{Raw: []byte(`"L"`)}},
			apiextv1.JSONSchemaProps{Default: &apiextv1.JSON{Raw: []byte(`"L"`)}}, false},
		{"the site's rules come first", apiextv1.JSONSchemaProps{XValidations: apiextv1.ValidationRules{{Rule: "type"}}}, apiextv1.JSONSchemaProps{XValidations: apiextv1.ValidationRules{{Rule: "field"}}},
			apiextv1.JSONSchemaProps{XValidations: apiextv1.ValidationRules{{Rule: "field"}, {Rule: "type"}}}, false},
		{"required lists merge sorted and unique", apiextv1.JSONSchemaProps{Required: []string{"b", "a"}}, apiextv1.JSONSchemaProps{Required: []string{"c", "a"}},
			apiextv1.JSONSchemaProps{Required: []string{"a", "b", "c"}}, false},
		{"properties merge deeply",
			apiextv1.JSONSchemaProps{Properties: map[string]apiextv1.JSONSchemaProps{"x": {Type: "string", MaxLength: i64(9)}}},
			apiextv1.JSONSchemaProps{Properties: map[string]apiextv1.JSONSchemaProps{"x": {MaxLength: i64(3)}, "y": {Type: "integer"}}},
			apiextv1.JSONSchemaProps{Properties: map[string]apiextv1.JSONSchemaProps{"x": {Type: "string", MaxLength: i64(3)}, "y": {Type: "integer"}}}, false},
		{"items merge like map values",
			apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Type: "string", MaxLength: i64(50)}}},
			apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Type: "string", MaxLength: i64(20)}}},
			apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Type: "string", MaxLength: i64(20)}}}, false},
		{"the site's list type wins", apiextv1.JSONSchemaProps{XListType: ptrTo("atomic")}, apiextv1.JSONSchemaProps{XListType: ptrTo("set")},
			apiextv1.JSONSchemaProps{XListType: ptrTo("set")}, false},
		{"descriptions are not merged (the site's is set beforehand)", apiextv1.JSONSchemaProps{Description: "type"}, apiextv1.JSONSchemaProps{Description: "site"},
			apiextv1.JSONSchemaProps{Description: "type"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conflict := false
			f := newFlattener(func(schemapath.Path, string) { conflict = true })
			dst := tc.dst
			f.mergeInto(&dst, &tc.src, nil)
			if !reflect.DeepEqual(dst, tc.want) {
				t.Errorf("got %+v, want %+v", dst, tc.want)
			}
			if conflict != tc.wantConflict {
				t.Errorf("conflict reported: %v, want %v", conflict, tc.wantConflict)
			}
		})
	}
}

func ptrTo[T any](v T) *T { return &v }

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"Short.", 40, "Short."},
		{"First sentence. Second sentence is long.", 20, "First sentence."},
		{"no sentence end in these words at all", 20, "no sentence end in..."},
		{"unbreakablewordthatgoesonandon", 10, "unbreakabl..."},
		{"héllo wörld", 3, "hé..."},
		// controller-gen cuts at the byte, in the middle of a character
		// (the YAML then has U+FFFD there), and keeps one byte of a
		// terminal longer than one.
		{"héllo wörld", 2, "h\xc3..."},
		{"一句。二句", 12, "一句\xe3"},
	} {
		if got := truncate(c.in, c.n); got != c.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestLocateServerPaths(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"spec.validation.openAPIV3Schema.properties[spec].properties[a.b].default", "spec|validation|openAPIV3Schema|properties[spec]|properties[a.b]|default"},
		{"spec.versions[1].additionalPrinterColumns[0].JSONPath", "spec|versions[1]|additionalPrinterColumns[0]|JSONPath"},
	} {
		got := schemapath.Split(c.in)
		joined := ""
		for i, s := range got {
			if i > 0 {
				joined += "|"
			}
			joined += s
		}
		if joined != c.want {
			t.Errorf("schemapath.Split(%q) = %q, want %q", c.in, joined, c.want)
		}
	}
	if name, i := splitIndex("x-kubernetes-validations[3]"); name != "x-kubernetes-validations" || i != 3 {
		t.Errorf("splitIndex: %q %d", name, i)
	}
}
