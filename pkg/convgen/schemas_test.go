package convgen

import (
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// TestRefusals checks, keyword by keyword, that what the output schema
// refuses of the input's values is named, and that a looser or equal
// output says nothing.
func TestRefusals(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	n := func(v int64) *int64 { return &v }
	set := "set"
	enum := func(vs ...string) []apiextv1.JSON {
		var out []apiextv1.JSON
		for _, v := range vs {
			out = append(out, apiextv1.JSON{Raw: []byte(`"` + v + `"`)})
		}
		return out
	}
	tests := []struct {
		name string
		s, t apiextv1.JSONSchemaProps
		want string
	}{
		{"same", apiextv1.JSONSchemaProps{Type: "string", Enum: enum("a")}, apiextv1.JSONSchemaProps{Type: "string", Enum: enum("a")}, ""},
		{"enum value missing", apiextv1.JSONSchemaProps{Type: "string", Enum: enum("a", "b")}, apiextv1.JSONSchemaProps{Type: "string", Enum: enum("a")}, `"b" is not among out's "a"`},
		{"enum only in output", apiextv1.JSONSchemaProps{Type: "string"}, apiextv1.JSONSchemaProps{Type: "string", Enum: enum("a")}, `out allows only "a", in any value`},
		{"enum only in input", apiextv1.JSONSchemaProps{Type: "string", Enum: enum("a")}, apiextv1.JSONSchemaProps{Type: "string"}, ""},
		{"tighter maximum", apiextv1.JSONSchemaProps{Type: "integer", Maximum: f(10)}, apiextv1.JSONSchemaProps{Type: "integer", Maximum: f(5)}, "maximum 5 in out, 10 in in"},
		{"looser maximum", apiextv1.JSONSchemaProps{Type: "integer", Maximum: f(5)}, apiextv1.JSONSchemaProps{Type: "integer", Maximum: f(10)}, ""},
		{"exclusive maximum", apiextv1.JSONSchemaProps{Type: "integer", Maximum: f(5)}, apiextv1.JSONSchemaProps{Type: "integer", Maximum: f(5), ExclusiveMaximum: true}, "maximum 5 (exclusive) in out, 5 in in"},
		{"minimum only in output", apiextv1.JSONSchemaProps{Type: "integer"}, apiextv1.JSONSchemaProps{Type: "integer", Minimum: f(1)}, "minimum 1 in out, none in in"},
		{"multipleOf of a multiple", apiextv1.JSONSchemaProps{Type: "integer", MultipleOf: f(4)}, apiextv1.JSONSchemaProps{Type: "integer", MultipleOf: f(2)}, ""},
		{"multipleOf not a multiple", apiextv1.JSONSchemaProps{Type: "integer", MultipleOf: f(3)}, apiextv1.JSONSchemaProps{Type: "integer", MultipleOf: f(2)}, "multipleOf 2 in out, 3 in in"},
		{"pattern", apiextv1.JSONSchemaProps{Type: "string"}, apiextv1.JSONSchemaProps{Type: "string", Pattern: "^a$"}, `pattern "^a$" in out, none in in`},
		{"minLength zero", apiextv1.JSONSchemaProps{Type: "string"}, apiextv1.JSONSchemaProps{Type: "string", MinLength: n(0)}, ""},
		{"maxItems", apiextv1.JSONSchemaProps{Type: "array", MaxItems: n(5)}, apiextv1.JSONSchemaProps{Type: "array", MaxItems: n(3)}, "maxItems 3 in out, 5 in in"},
		{"minProperties", apiextv1.JSONSchemaProps{Type: "object", MinProperties: n(1)}, apiextv1.JSONSchemaProps{Type: "object", MinProperties: n(2)}, "minProperties 2 in out, 1 in in"},
		{"format", apiextv1.JSONSchemaProps{Type: "integer", Format: "int64"}, apiextv1.JSONSchemaProps{Type: "integer", Format: "int32"}, "format int32 in out, int64 in in"},
		{"set", apiextv1.JSONSchemaProps{Type: "array"}, apiextv1.JSONSchemaProps{Type: "array", XListType: &set}, "a set in out (no two items equal), a list in in"},
		{"nullable is not compared", apiextv1.JSONSchemaProps{Type: "string", Nullable: true}, apiextv1.JSONSchemaProps{Type: "string"}, ""},
		{"another type", apiextv1.JSONSchemaProps{Type: "string"}, apiextv1.JSONSchemaProps{Type: "integer", Maximum: f(1)}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(refusals(&tc.s, &tc.t, "", "in", "out"), "; ")
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
