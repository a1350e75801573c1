package schemagen

// This file implements the markers that set a node's values and flags other than its
// validations: defaults, examples, title and external docs, nullable, the
// escape hatches (preserve unknown fields, embedded resource,
// int-or-string), and the +k8s: required and enum tags.

import (
	"encoding/json"
	"fmt"
	"net/url"
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
