package schemagen

// This file implements the markers that are not value validations: escape
// hatches, CEL rules, defaults and examples, docs, topology, and the rules
// crdgen generates for one-of and immutability markers.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

func applyPreserveUnknownFields(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	t := true
	s.XPreserveUnknownFields = &t
	return nil
}

func applyEmbeddedResource(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	s.XEmbeddedResource = true
	return nil
}

func applyIntOrString(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	s.XIntOrString = true
	return nil
}

// reasons are the values the API server accepts for a rule's reason.
func reasons() []string {
	return []string{
		string(apiextv1.FieldValueInvalid), string(apiextv1.FieldValueForbidden),
		string(apiextv1.FieldValueRequired), string(apiextv1.FieldValueDuplicate),
	}
}

// xValidationRules is the rule of +kubebuilder:validation:XValidation.
func xValidationRules(v any) (apiextv1.ValidationRules, error) {
	x := v.(markers.XValidation)
	r := apiextv1.ValidationRule{
		Rule:              x.Rule,
		Message:           x.Message,
		MessageExpression: x.MessageExpression,
		FieldPath:         x.FieldPath,
		OptionalOldSelf:   x.OptionalOldSelf,
	}
	if x.Reason != "" {
		if !slices.Contains(reasons(), x.Reason) {
			msg := fmt.Sprintf("invalid reason %q (want one of %s)", x.Reason, strings.Join(reasons(), ", "))
			if sug := markers.Suggest(x.Reason, reasons()); sug != "" {
				msg = fmt.Sprintf("invalid reason %q, did you mean %q", x.Reason, sug)
			}
			return nil, valueError{msg}
		}
		reason := apiextv1.FieldValueErrorReason(x.Reason)
		r.Reason = &reason
	}
	return apiextv1.ValidationRules{r}, nil
}

func applyNullable(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	s.Nullable = true
	return nil
}

// setDefault writes a default value after checking it fits the schema's type.
func setDefault(c *applyCtx, s *apiextv1.JSONSchemaProps, val any) error {
	if err := fitsType(s, val); err != nil {
		return fmt.Errorf("default %s %v", markers.FormatAny(val), err)
	}
	raw, err := json.Marshal(val)
	if err != nil {
		return valueErrorf("default %v cannot be written as JSON: %v", val, err)
	}
	s.Default = &apiextv1.JSON{Raw: raw}
	return nil
}

func applyDefault(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	val := v.(markers.Default).Value
	// {} on a list means an empty list (controller-gen writes [] too).
	if m, ok := val.(map[string]any); ok && len(m) == 0 && s.Type == "array" {
		val = []any{}
	}
	return setDefault(c, s, val)
}

func applyK8sDefault(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	d := v.(markers.K8sDefault)
	if d.Ref != "" {
		return warning{fmt.Sprintf("ref(%s) defaults are not supported in CRD schemas; the field gets no default (write the value instead)", d.Ref)}
	}
	if d.Value == nil {
		return nil
	}
	return setDefault(c, s, d.Value)
}

func applyExample(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	raw, err := json.Marshal(v.(markers.Example).Value)
	if err != nil {
		return valueErrorf("example cannot be written as JSON: %v", err)
	}
	s.Example = &apiextv1.JSON{Raw: raw}
	return nil
}

func applyTitle(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	t, ok := v.(markers.Title).Value.(string)
	if !ok {
		return valueErrorf("a title must be a string, got %s", markers.FormatAny(v.(markers.Title).Value))
	}
	s.Title = t
	return nil
}

func applyExternalDocs(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	d := v.(markers.ExternalDocs)
	if _, err := url.ParseRequestURI(d.URL); err != nil {
		return valueErrorf("invalid url %q: %v", d.URL, err)
	}
	s.ExternalDocs = &apiextv1.ExternalDocumentation{URL: d.URL, Description: d.Description}
	return nil
}

// immutableRules is the rule of +k8s:immutable on its own node (an
// optional field's parent gets another, from the struct: structSchema).
func immutableRules(any) (apiextv1.ValidationRules, error) {
	return apiextv1.ValidationRules{{Rule: "self == oldSelf", Message: "field is immutable"}}, nil
}

// applyK8sRequired rejects empty values of a required field, as
// controller-gen v0.23 does for +k8s:required.
func applyK8sRequired(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	one := int64(1)
	switch s.Type {
	case "string":
		if s.MinLength == nil {
			s.MinLength = &one
		}
	case "array":
		if s.MinItems == nil {
			s.MinItems = &one
		}
	case "object":
		if s.MinProperties == nil {
			s.MinProperties = &one
		}
	}
	return nil
}

func applyK8sEnum(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	t := c.owner
	if t == nil || !strings.HasPrefix(c.subject, "type ") {
		return valueErrorf("+k8s:enum belongs on a type declaration, not on a field")
	}
	if s.Type != "string" {
		return fmt.Errorf("applies to string types, but %s is %s", c.subject, describeType(s))
	}
	if len(t.EnumValues) == 0 {
		return valueErrorf("type %s has no string constants in package %s to take as enum values", t.Ident.Name, t.Package.Path)
	}
	s.Enum = nil
	for _, val := range t.EnumValues {
		raw, _ := json.Marshal(val)
		s.Enum = append(s.Enum, apiextv1.JSON{Raw: raw})
	}
	return nil
}

func oneOfValue(name string, vals []string) error {
	return valueErrorf("%s must be one of %s%s", name, strings.Join(vals, ", "), didYouMean(name, vals))
}

func didYouMean(got string, vals []string) string {
	if s := markers.Suggest(got, vals); s != "" {
		return fmt.Sprintf(", did you mean %q", s)
	}
	return ""
}

func applyListType(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	lt := v.(markers.ListType).Value
	vals := []string{"atomic", "map", "set"}
	if !slices.Contains(vals, lt) {
		return valueErrorf("listType=%s is not valid (want atomic, map or set)%s", lt, didYouMean(lt, vals))
	}
	if err := needArray(c, s); err != nil {
		return err
	}
	s.XListType = &lt
	return nil
}

func applyListMapKey(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	key := v.(markers.ListMapKey).Value
	if err := needArray(c, s); err != nil {
		return err
	}
	if s.XListType == nil || *s.XListType != "map" {
		return fmt.Errorf("needs +listType=map on %s", c.subject)
	}
	if !slices.Contains(s.XListMapKeys, key) {
		s.XListMapKeys = append(s.XListMapKeys, key)
	}
	return nil
}

func applyMapType(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	mt := v.(markers.MapType).Value
	vals := []string{"atomic", "granular"}
	if !slices.Contains(vals, mt) {
		return valueErrorf("mapType=%s is not valid (want atomic or granular)%s", mt, didYouMean(mt, vals))
	}
	if err := needObject(c, s); err != nil {
		return err
	}
	s.XMapType = &mt
	return nil
}

func applyStructType(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	st := v.(markers.StructType).Value
	vals := []string{"atomic", "granular"}
	if !slices.Contains(vals, st) {
		return valueErrorf("structType=%s is not valid (want atomic or granular)%s", st, didYouMean(st, vals))
	}
	if s.Type != "object" && s.Type != "" {
		return fmt.Errorf("applies to structs, but %s is %s", c.subject, describeType(s))
	}
	s.XMapType = &st
	return nil
}

// oneOfRules is the CEL rule of a one-of marker in controller-gen's form
// (v0.22 and later; v0.21 wrote a list filter, which the API server costs
// higher): the fields set, counted, compared with a bound. No fields, no
// rule.
func oneOfRules(rule, fields []string, message string) (apiextv1.ValidationRules, error) {
	if len(fields) == 0 {
		return nil, nil
	}
	return apiextv1.ValidationRules{{
		Rule:    strings.Join(rule, ""),
		Message: fmt.Sprintf(message, "["+strings.Join(fields, " ")+"]"),
	}}, nil
}

// countSet spells how many of the fields are set:
// (has(self.a)?1:0)+(has(self.b)?1:0).
func countSet(fields []string) []string {
	terms := make([]string, len(fields))
	for i, f := range fields {
		terms[i] = "(has(self." + f + ")?1:0)"
	}
	return []string{strings.Join(terms, "+")}
}

// anySet spells whether any of the fields is set: has(self.a)||has(self.b).
func anySet(fields []string) []string {
	terms := make([]string, len(fields))
	for i, f := range fields {
		terms[i] = "has(self." + f + ")"
	}
	return []string{strings.Join(terms, "||")}
}

func atMostOneOfRules(v any) (apiextv1.ValidationRules, error) {
	fields := v.(markers.AtMostOneOf).Value
	return oneOfRules(append(countSet(fields), " <= 1"), fields, "at most one of the fields in %s may be set")
}

func exactlyOneOfRules(v any) (apiextv1.ValidationRules, error) {
	fields := v.(markers.ExactlyOneOf).Value
	return oneOfRules(append(countSet(fields), " == 1"), fields, "exactly one of the fields in %s must be set")
}

func atLeastOneOfRules(v any) (apiextv1.ValidationRules, error) {
	fields := v.(markers.AtLeastOneOf).Value
	return oneOfRules(anySet(fields), fields, "at least one of the fields in %s must be set")
}
