package schemagen

// This file implements the table of schema keywords: every keyword of an
// OpenAPI schema node, as the API server spells it, with how a reference
// site's value merges into its named type's schema when allOf is flattened
// (flatten.go). A marker's row (meanings.go) names the keywords it sets,
// and the table of meanings is checked against this one when it is built:
// a keyword that no merge handles cannot be set by a marker.

import (
	"fmt"
	"reflect"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// keyword is one keyword of a schema node.
type keyword struct {
	// name is the keyword as the API server writes it (the JSON name).
	name string
	// merge merges src's value into dst's. It is nil for a keyword that is
	// merged elsewhere, and elsewhere then says where, or that crdgen never
	// writes, and never then says why.
	merge            func(m *merging)
	elsewhere, never string
}

// merging is one merge of a schema (src) into a node (dst).
type merging struct {
	f        *flattener
	dst, src *apiextv1.JSONSchemaProps
	path     schemapath.Path
	// rest holds what conflicts and cannot be combined, dst's and src's,
	// for dst.allOf; nil until something conflicts.
	rest *[2]apiextv1.JSONSchemaProps
}

// hoist moves a keyword's values, dst's and src's, to the allOf entries of
// what conflicts (set copies the keyword from x to r).
func (m *merging) hoist(set func(r, x *apiextv1.JSONSchemaProps)) {
	if m.rest == nil {
		m.rest = &[2]apiextv1.JSONSchemaProps{}
	}
	set(&m.rest[0], m.dst)
	set(&m.rest[1], m.src)
}

// keywordTable returns the keywords in the order they are merged.
func keywordTable() []keyword {
	elsewhere := func(name, where string) keyword { return keyword{name: name, elsewhere: where} }
	never := func(name, why string) keyword { return keyword{name: name, never: why} }
	siteDocs := "by expandRef, before the merge: the node takes the reference site's, or else the type's"
	return []keyword{
		{name: "id", merge: func(m *merging) {
			mergeString(&m.dst.ID, m.src.ID, func() { m.hoist(func(r, x *apiextv1.JSONSchemaProps) { r.ID = x.ID }) })
		}},
		{name: "type", merge: func(m *merging) {
			switch {
			case m.src.Type == "" || m.dst.Type == m.src.Type:
			case m.dst.Type == "":
				m.dst.Type = m.src.Type
			default:
				m.f.conflict(m.path, fmt.Sprintf("the type is %s, but a marker or embedded field makes it %s", m.dst.Type, m.src.Type))
			}
		}},
		{name: "format", merge: func(m *merging) {
			mergeString(&m.dst.Format, m.src.Format, func() { m.hoist(func(r, x *apiextv1.JSONSchemaProps) { r.Format = x.Format }) })
		}},
		{name: "pattern", merge: func(m *merging) {
			mergeString(&m.dst.Pattern, m.src.Pattern, func() { m.hoist(func(r, x *apiextv1.JSONSchemaProps) { r.Pattern = x.Pattern }) })
		}},
		{name: "default", merge: func(m *merging) {
			// The reference site's default replaces its type's (crdgen's
			// difference: controller-gen keeps both in allOf, which the
			// API server rejects).
			if m.src.Default != nil {
				m.dst.Default = m.src.Default
			}
		}},
		{name: "maximum", merge: func(m *merging) {
			mergeUpper(&m.dst.Maximum, &m.dst.ExclusiveMaximum, m.src.Maximum, m.src.ExclusiveMaximum)
		}},
		elsewhere("exclusiveMaximum", "with maximum, as a pair"),
		{name: "minimum", merge: func(m *merging) {
			mergeLower(&m.dst.Minimum, &m.dst.ExclusiveMinimum, m.src.Minimum, m.src.ExclusiveMinimum)
		}},
		elsewhere("exclusiveMinimum", "with minimum, as a pair"),
		{name: "maxLength", merge: func(m *merging) { m.dst.MaxLength = tighter(m.dst.MaxLength, m.src.MaxLength, lower) }},
		{name: "minLength", merge: func(m *merging) { m.dst.MinLength = tighter(m.dst.MinLength, m.src.MinLength, higher) }},
		{name: "maxItems", merge: func(m *merging) { m.dst.MaxItems = tighter(m.dst.MaxItems, m.src.MaxItems, lower) }},
		{name: "minItems", merge: func(m *merging) { m.dst.MinItems = tighter(m.dst.MinItems, m.src.MinItems, higher) }},
		{name: "maxProperties", merge: func(m *merging) {
			m.dst.MaxProperties = tighter(m.dst.MaxProperties, m.src.MaxProperties, lower)
		}},
		{name: "minProperties", merge: func(m *merging) {
			m.dst.MinProperties = tighter(m.dst.MinProperties, m.src.MinProperties, higher)
		}},
		{name: "multipleOf", merge: func(m *merging) {
			switch {
			case m.src.MultipleOf == nil:
			case m.dst.MultipleOf == nil:
				m.dst.MultipleOf = m.src.MultipleOf
			case *m.dst.MultipleOf != *m.src.MultipleOf:
				m.hoist(func(r, x *apiextv1.JSONSchemaProps) { r.MultipleOf = x.MultipleOf })
				m.dst.MultipleOf = nil
			}
		}},
		{name: "uniqueItems", merge: func(m *merging) { m.dst.UniqueItems = m.dst.UniqueItems || m.src.UniqueItems }},
		{name: "nullable", merge: func(m *merging) { m.dst.Nullable = m.dst.Nullable || m.src.Nullable }},
		{name: "x-kubernetes-embedded-resource", merge: func(m *merging) {
			m.dst.XEmbeddedResource = m.dst.XEmbeddedResource || m.src.XEmbeddedResource
		}},
		{name: "x-kubernetes-int-or-string", merge: func(m *merging) { m.dst.XIntOrString = m.dst.XIntOrString || m.src.XIntOrString }},
		{name: "enum", merge: func(m *merging) { m.f.mergeEnum(m.dst, m.src.Enum, m.path) }},
		{name: "required", merge: func(m *merging) {
			m.dst.Required = append(m.dst.Required, m.src.Required...)
			if len(m.dst.Required) > 0 {
				slices.Sort(m.dst.Required)
				m.dst.Required = slices.Compact(m.dst.Required)
			}
		}},
		{name: "items", merge: func(m *merging) { m.f.mergeItems(m.dst, m.src.Items, m.path) }},
		{name: "oneOf", merge: func(m *merging) {
			mergeSchemas(&m.dst.OneOf, m.src.OneOf, func() { m.hoist(func(r, x *apiextv1.JSONSchemaProps) { r.OneOf = x.OneOf }) })
		}},
		{name: "anyOf", merge: func(m *merging) {
			mergeSchemas(&m.dst.AnyOf, m.src.AnyOf, func() { m.hoist(func(r, x *apiextv1.JSONSchemaProps) { r.AnyOf = x.AnyOf }) })
		}},
		{name: "not", merge: func(m *merging) {
			switch {
			case m.src.Not == nil:
			case m.dst.Not == nil:
				m.dst.Not = m.src.Not
			case !reflect.DeepEqual(m.dst.Not, m.src.Not):
				m.hoist(func(r, x *apiextv1.JSONSchemaProps) { r.Not = x.Not })
				m.dst.Not = nil
			}
		}},
		{name: "properties", merge: func(m *merging) { m.f.mergeProperties(m.dst, m.src.Properties, m.path) }},
		{name: "additionalProperties", merge: func(m *merging) { m.f.mergeAdditional(m.dst, m.src.AdditionalProperties, m.path) }},
		{name: "x-kubernetes-preserve-unknown-fields", merge: func(m *merging) {
			if m.src.XPreserveUnknownFields != nil {
				m.dst.XPreserveUnknownFields = m.src.XPreserveUnknownFields
			}
		}},
		{name: "x-kubernetes-map-type", merge: func(m *merging) {
			if m.src.XMapType != nil {
				m.dst.XMapType = m.src.XMapType
			}
		}},
		{name: "x-kubernetes-list-type", merge: func(m *merging) {
			if m.src.XListType != nil {
				m.dst.XListType = m.src.XListType
			}
		}},
		{name: "x-kubernetes-list-map-keys", merge: func(m *merging) {
			if m.src.XListMapKeys != nil {
				m.dst.XListMapKeys = m.src.XListMapKeys
			}
		}},
		{name: "x-kubernetes-validations", merge: func(m *merging) {
			if len(m.src.XValidations) > 0 {
				// The reference site's rules come first, as controller-gen orders them.
				m.dst.XValidations = append(slices.Clone(m.src.XValidations), m.dst.XValidations...)
			}
		}},
		elsewhere("description", siteDocs),
		elsewhere("title", siteDocs),
		elsewhere("example", siteDocs),
		elsewhere("externalDocs", siteDocs),
		elsewhere("allOf", "by mergeInto: each entry is merged into the node"),
		never("$ref", "crdgen writes no references: expandRef replaces them before the merge"),
		never("$schema", "no marker and no Go type sets it"),
		never("definitions", "no marker and no Go type sets it"),
		never("dependencies", "no marker and no Go type sets it"),
		never("patternProperties", "no marker and no Go type sets it"),
		never("additionalItems", "no marker and no Go type sets it"),
	}
}
