package jsonschema

// This file implements defaults under allOf, anyOf, oneOf and not. The API
// server fills in a missing field's default (and a null's) before it
// validates, so a junctor's check of a field with a default is a check of
// the default when the field is missing; JSON Schema passes a missing
// field. Where the default fails the junctor's check of the field, the
// junctor's branch requires the field instead, which gives the server's
// verdict. Whether the default passes is the API server's own judgment
// (its schema validator), not a second implementation.

import (
	"bytes"
	"encoding/json"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
)

// shapeOf is the structural schema at the value a child of f checks: the
// node itself, or for a junctor's branch (which only checks values) the
// node of the structural schema at the same place.
func shapeOf(f *frame, seg, name string) *apiextv1.JSONSchemaProps {
	s := f.shape
	if s == nil {
		return nil
	}
	switch {
	case name != "":
		if p, ok := s.Properties[name]; ok {
			return &p
		}
		if s.AdditionalProperties != nil {
			return s.AdditionalProperties.Schema
		}
		return nil
	case seg == "items":
		if s.Items != nil {
			return s.Items.Schema
		}
		return nil
	case seg == "additionalProperties":
		if s.AdditionalProperties != nil {
			return s.AdditionalProperties.Schema
		}
		return nil
	}
	return s // a junctor's branch checks the same value
}

// failingDefaults are the properties of a junctor's branch s whose default
// (in shape, the structural schema) the branch's check of them refuses.
func failingDefaults(s, shape *apiextv1.JSONSchemaProps) map[string]bool {
	if shape == nil {
		return nil
	}
	var out map[string]bool
	for name, check := range s.Properties {
		p, ok := shape.Properties[name]
		if !ok || p.Default == nil {
			continue
		}
		if !accepts(&check, p.Default.Raw) {
			if out == nil {
				out = map[string]bool{}
			}
			out[name] = true
		}
	}
	return out
}

// nullFails is a schema a null fails.
func nullFails() node { return node{"not": node{"type": "null"}} }

// requireNotNull makes a junctor's branch s that requires a field it says
// nothing else of refuse a null there: the server drops a null of a field
// that is not nullable and has no default, and the branch then finds the
// field missing; JSON Schema finds it present.
func requireNotNull(out node, s, shape *apiextv1.JSONSchemaProps) {
	for _, name := range s.Required {
		if _, has := s.Properties[name]; has || shape == nil {
			continue
		}
		if p, ok := shape.Properties[name]; ok && (p.Nullable || p.Default != nil) {
			continue
		}
		props, _ := out["properties"].(node)
		if props == nil {
			props = node{}
			out["properties"] = props
		}
		props[name] = nullFails()
	}
}

// accepts reports whether the API server's validation of schema s accepts
// the JSON value raw.
func accepts(s *apiextv1.JSONSchemaProps, raw []byte) bool {
	internal := &apiextensions.JSONSchemaProps{}
	if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(s, internal, nil); err != nil {
		return true
	}
	v, _, err := apiservervalidation.NewSchemaValidator(internal)
	if err != nil {
		return true
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var value any
	if err := dec.Decode(&value); err != nil {
		return true
	}
	return len(apiservervalidation.ValidateCustomResource(nil, unstructuredValue(value), v)) == 0
}

// unstructuredValue turns json.Numbers into int64 or float64, as the
// server's decoder gives them.
func unstructuredValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = unstructuredValue(e)
		}
	case []any:
		for i, e := range x {
			x[i] = unstructuredValue(e)
		}
	}
	return v
}
