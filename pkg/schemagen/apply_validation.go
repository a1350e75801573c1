package schemagen

// This file implements the OpenAPI value validations: bounds, lengths,
// patterns, item and property counts, enums, formats and types.

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

func isNumeric(s *apiextv1.JSONSchemaProps) bool { return s.Type == "integer" || s.Type == "number" }
func isTextual(s *apiextv1.JSONSchemaProps) bool { return s.Type == "string" || s.XIntOrString }

func needNumeric(c *applyCtx, s *apiextv1.JSONSchemaProps) error {
	if !isNumeric(s) {
		return fmt.Errorf("applies to numbers, but %s is %s", c.subject, describeType(s))
	}
	return nil
}

func needIntegral(c *applyCtx, s *apiextv1.JSONSchemaProps, v float64) error {
	if err := needNumeric(c, s); err != nil {
		return err
	}
	if s.Type == "integer" && (v != math.Trunc(v) || math.IsInf(v, 0)) {
		return fmt.Errorf("%s is not a whole number, but %s is an integer", strconv.FormatFloat(v, 'g', -1, 64), c.subject)
	}
	return nil
}

func applyMaximum(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	val := v.(markers.Maximum).Value
	if err := needIntegral(c, s, val); err != nil {
		return err
	}
	s.Maximum = &val
	return nil
}

func applyMinimum(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	val := v.(markers.Minimum).Value
	if err := needIntegral(c, s, val); err != nil {
		return err
	}
	s.Minimum = &val
	return nil
}

func applyExclusiveMaximum(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	if err := needNumeric(c, s); err != nil {
		return err
	}
	s.ExclusiveMaximum = v.(markers.ExclusiveMaximum).Value
	return nil
}

func applyExclusiveMinimum(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	if err := needNumeric(c, s); err != nil {
		return err
	}
	s.ExclusiveMinimum = v.(markers.ExclusiveMinimum).Value
	return nil
}

func applyMultipleOf(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	val := v.(markers.MultipleOf).Value
	if err := needIntegral(c, s, val); err != nil {
		return err
	}
	if val <= 0 {
		return valueErrorf("must be greater than zero, got %v", val)
	}
	s.MultipleOf = &val
	return nil
}

func needTextual(c *applyCtx, s *apiextv1.JSONSchemaProps) error {
	if !isTextual(s) {
		return fmt.Errorf("applies to strings, but %s is %s", c.subject, describeType(s))
	}
	return nil
}

func needCount(n int64) error {
	if n < 0 {
		return valueErrorf("must not be negative, got %d", n)
	}
	return nil
}

func applyMaxLength(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.MaxLength).Value
	if err := needTextual(c, s); err != nil {
		return err
	}
	if err := needCount(n); err != nil {
		return err
	}
	s.MaxLength = &n
	return nil
}

func applyMinLength(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.MinLength).Value
	if err := needTextual(c, s); err != nil {
		return err
	}
	if err := needCount(n); err != nil {
		return err
	}
	s.MinLength = &n
	return nil
}

func applyPattern(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	p := v.(markers.Pattern).Value
	if err := needTextual(c, s); err != nil {
		return err
	}
	// The API server compiles patterns with Go's regexp; a pattern it cannot
	// compile would reject the CRD at apply time.
	if _, err := regexp.Compile(p); err != nil {
		return valueErrorf("invalid regular expression %q: %v", p, err)
	}
	s.Pattern = p
	return nil
}

func needArray(c *applyCtx, s *apiextv1.JSONSchemaProps) error {
	if s.Type != "array" {
		return fmt.Errorf("applies to lists, but %s is %s", c.subject, describeType(s))
	}
	return nil
}

func applyMaxItems(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.MaxItems).Value
	if err := needArray(c, s); err != nil {
		return err
	}
	if err := needCount(n); err != nil {
		return err
	}
	s.MaxItems = &n
	return nil
}

func applyMinItems(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.MinItems).Value
	if err := needArray(c, s); err != nil {
		return err
	}
	if err := needCount(n); err != nil {
		return err
	}
	s.MinItems = &n
	return nil
}

func applyUniqueItems(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	if err := needArray(c, s); err != nil {
		return err
	}
	if v.(markers.UniqueItems).Value {
		// controller-gen writes uniqueItems: true, which the API server
		// rejects ("uniqueItems cannot be set to true since the runtime
		// complexity becomes quadratic").
		err := valueErrorf("the API server rejects uniqueItems: true; use +listType=set for a list of unique scalars")
		if items := s.Items; items != nil && items.Schema != nil && isScalar(items.Schema) && s.XListType == nil {
			// A list of scalars with no list type yet: +listType=set is
			// what the marker meant, so the editor may swap one for the
			// other.
			return replaceWith{err: err, marker: "listType=set"}
		}
		return err
	}
	return nil
}

func needObject(c *applyCtx, s *apiextv1.JSONSchemaProps) error {
	if s.Type != "object" {
		return fmt.Errorf("applies to objects and maps, but %s is %s", c.subject, describeType(s))
	}
	return nil
}

func applyMaxProperties(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.MaxProperties).Value
	if err := needObject(c, s); err != nil {
		return err
	}
	if err := needCount(n); err != nil {
		return err
	}
	s.MaxProperties = &n
	return nil
}

func applyMinProperties(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.MinProperties).Value
	if err := needObject(c, s); err != nil {
		return err
	}
	if err := needCount(n); err != nil {
		return err
	}
	s.MinProperties = &n
	return nil
}

func applyEnum(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	vals := v.(markers.Enum).Value
	out := make([]apiextv1.JSON, len(vals))
	for i, val := range vals {
		if err := fitsType(s, val); err != nil {
			return fmt.Errorf("value %s %v", markers.FormatAny(val), err)
		}
		raw, err := json.Marshal(val)
		if err != nil {
			return valueErrorf("value %v cannot be written as JSON: %v", val, err)
		}
		out[i] = apiextv1.JSON{Raw: raw}
	}
	s.Enum = out
	return nil
}

// fitsType checks that a marker value (as parsed) can be a value of the
// schema's type. Untyped schemas accept anything.
func fitsType(s *apiextv1.JSONSchemaProps, val any) error {
	kind := jsonKind(val)
	ok := true
	switch {
	case s.XIntOrString:
		ok = kind == "string" || kind == "integer"
	case s.Type == "":
		return nil
	case s.Type == "number":
		ok = kind == "integer" || kind == "number"
	case s.Type == "integer":
		ok = kind == "integer"
	default:
		ok = kind == s.Type
	}
	if !ok {
		hint := ""
		if s.Type == "string" && (kind == "integer" || kind == "number" || kind == "boolean") {
			// controller-gen writes such a value as it is, and the API server
			// then rejects the CRD.
			hint = "; quote it to mean a string"
		}
		return fmt.Errorf("is %s, but the schema is %s%s", article(kind), describeType(s), hint)
	}
	return nil
}

// jsonKind names the JSON type of a marker value.
func jsonKind(v any) string {
	switch x := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64, int, json.Number:
		return "integer"
	case float64:
		if x == math.Trunc(x) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case nil:
		return "null"
	}
	return "value"
}

func article(kind string) string {
	switch kind {
	case "integer", "object", "array":
		if kind == "array" {
			return "a list"
		}
		return "an " + kind
	case "null", "value":
		return kind
	}
	return "a " + kind
}

func applyFormat(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	s.Format = v.(markers.Format).Value
	return nil
}

// openAPITypes are the types a CRD schema may name.
func openAPITypes() []string {
	return []string{"array", "boolean", "integer", "number", "object", "string"}
}

func applyType(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	t := v.(markers.Type).Value
	if !contains(openAPITypes(), t) {
		msg := fmt.Sprintf("unknown type %q (want one of array, boolean, integer, number, object, string)", t)
		if sug := markers.Suggest(t, openAPITypes()); sug != "" {
			msg = fmt.Sprintf("unknown type %q, did you mean %q", t, sug)
		}
		return valueError{msg}
	}
	s.Type = t
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
