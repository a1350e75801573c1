package schemagen

// This file implements copying a raw schema for a CRD's build: the nodes,
// which expansion and flattening change, are copied; the values in them,
// which nothing changes once Prepare is done (strings, numbers, enums,
// defaults, rules), are shared. DeepCopy copied those too: a tenth of
// what a 700-CRD run allocated.

import (
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// copyNodes returns a copy of s whose schema nodes (and the maps, lists and
// pointers that hold them) are its own. Lists of values are clipped, so
// that appending to them in the copy (flattening appends required names)
// never writes into the original's array.
func copyNodes(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if s == nil {
		return nil
	}
	c := copyNode(s)
	return &c
}

// copyNode is copyNodes for a node held by value.
func copyNode(s *apiextv1.JSONSchemaProps) apiextv1.JSONSchemaProps {
	c := *s
	c.Enum = slices.Clip(s.Enum)
	c.Required = slices.Clip(s.Required)
	c.XListMapKeys = slices.Clip(s.XListMapKeys)
	c.XValidations = slices.Clip(s.XValidations)
	c.Items = copyOrArray(s.Items)
	c.AllOf = copyList(s.AllOf)
	c.OneOf = copyList(s.OneOf)
	c.AnyOf = copyList(s.AnyOf)
	c.Not = copyNodes(s.Not)
	c.Properties = copyMap(s.Properties)
	c.AdditionalProperties = copyOrBool(s.AdditionalProperties)
	c.PatternProperties = copyMap(s.PatternProperties)
	c.AdditionalItems = copyOrBool(s.AdditionalItems)
	c.Definitions = copyMap(s.Definitions)
	if s.Dependencies != nil {
		c.Dependencies = make(apiextv1.JSONSchemaDependencies, len(s.Dependencies))
		for k, d := range s.Dependencies {
			c.Dependencies[k] = apiextv1.JSONSchemaPropsOrStringArray{Schema: copyNodes(d.Schema), Property: slices.Clip(d.Property)}
		}
	}
	return c
}

func copyList(l []apiextv1.JSONSchemaProps) []apiextv1.JSONSchemaProps {
	if l == nil {
		return nil
	}
	out := make([]apiextv1.JSONSchemaProps, len(l))
	for i := range l {
		out[i] = copyNode(&l[i])
	}
	return out
}

func copyMap[M ~map[string]apiextv1.JSONSchemaProps](m M) M {
	if m == nil {
		return nil
	}
	out := make(M, len(m))
	for k, v := range m {
		out[k] = copyNode(&v)
	}
	return out
}

func copyOrArray(s *apiextv1.JSONSchemaPropsOrArray) *apiextv1.JSONSchemaPropsOrArray {
	if s == nil {
		return nil
	}
	return &apiextv1.JSONSchemaPropsOrArray{Schema: copyNodes(s.Schema), JSONSchemas: copyList(s.JSONSchemas)}
}

func copyOrBool(s *apiextv1.JSONSchemaPropsOrBool) *apiextv1.JSONSchemaPropsOrBool {
	if s == nil {
		return nil
	}
	return &apiextv1.JSONSchemaPropsOrBool{Allows: s.Allows, Schema: copyNodes(s.Schema)}
}
