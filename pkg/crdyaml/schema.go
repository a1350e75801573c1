package crdyaml

// This file implements writing a schema straight from its JSONSchemaProps,
// without the value tree of tree.go: a schema is nearly all of a CRD, and
// its tree (a map per node, a string per key) cost as much as writing the
// YAML, and held a copy of the schema while it was written. The writer
// writes what json.Marshal would put in the tree, field by field, in the
// order go-yaml sorts their keys; TestSchemaWriterWritesTheTree pins it to
// the tree on random schemas that set every field.

import (
	"slices"
	"strconv"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// schemaField is a field of JSONSchemaProps.
type schemaField uint8

const (
	fieldID schemaField = iota
	fieldSchema
	fieldRef
	fieldDescription
	fieldType
	fieldFormat
	fieldTitle
	fieldDefault
	fieldMaximum
	fieldExclusiveMaximum
	fieldMinimum
	fieldExclusiveMinimum
	fieldMaxLength
	fieldMinLength
	fieldPattern
	fieldMaxItems
	fieldMinItems
	fieldUniqueItems
	fieldMultipleOf
	fieldEnum
	fieldMaxProperties
	fieldMinProperties
	fieldRequired
	fieldItems
	fieldAllOf
	fieldOneOf
	fieldAnyOf
	fieldNot
	fieldProperties
	fieldAdditionalProperties
	fieldPatternProperties
	fieldDependencies
	fieldAdditionalItems
	fieldDefinitions
	fieldExternalDocs
	fieldExample
	fieldNullable
	fieldPreserveUnknownFields
	fieldEmbeddedResource
	fieldIntOrString
	fieldListMapKeys
	fieldListType
	fieldMapType
	fieldValidations
	fieldCount
)

// A set of fields is a uint64 (see presentFields).
const _ = uint(64 - fieldCount)

// schemaFieldNames are the fields' JSON names.
var schemaFieldNames = [fieldCount]string{
	fieldID: "id", fieldSchema: "$schema", fieldRef: "$ref",
	fieldDescription: "description", fieldType: "type", fieldFormat: "format",
	fieldTitle: "title", fieldDefault: "default", fieldMaximum: "maximum",
	fieldExclusiveMaximum: "exclusiveMaximum", fieldMinimum: "minimum",
	fieldExclusiveMinimum: "exclusiveMinimum", fieldMaxLength: "maxLength",
	fieldMinLength: "minLength", fieldPattern: "pattern", fieldMaxItems: "maxItems",
	fieldMinItems: "minItems", fieldUniqueItems: "uniqueItems",
	fieldMultipleOf: "multipleOf", fieldEnum: "enum",
	fieldMaxProperties: "maxProperties", fieldMinProperties: "minProperties",
	fieldRequired: "required", fieldItems: "items", fieldAllOf: "allOf",
	fieldOneOf: "oneOf", fieldAnyOf: "anyOf", fieldNot: "not",
	fieldProperties: "properties", fieldAdditionalProperties: "additionalProperties",
	fieldPatternProperties: "patternProperties", fieldDependencies: "dependencies",
	fieldAdditionalItems: "additionalItems", fieldDefinitions: "definitions",
	fieldExternalDocs: "externalDocs", fieldExample: "example", fieldNullable: "nullable",
	fieldPreserveUnknownFields: "x-kubernetes-preserve-unknown-fields",
	fieldEmbeddedResource:      "x-kubernetes-embedded-resource",
	fieldIntOrString:           "x-kubernetes-int-or-string",
	fieldListMapKeys:           "x-kubernetes-list-map-keys",
	fieldListType:              "x-kubernetes-list-type",
	fieldMapType:               "x-kubernetes-map-type",
	fieldValidations:           "x-kubernetes-validations",
}

// schemaFieldOrder is every field in the order go-yaml writes their keys.
// The names are ASCII letters, '$' and '-', on which go-yaml's order is a
// plain ranking of characters (anything else before letters), so the order
// of any subset is this order with the rest left out.
var schemaFieldOrder = func() []schemaField {
	order := make([]schemaField, fieldCount)
	for i := range order {
		order[i] = schemaField(i)
	}
	slices.SortFunc(order, func(a, b schemaField) int {
		return compareYAMLKeys(schemaFieldNames[a], schemaFieldNames[b])
	})
	return order
}()

// schema writes a schema as the mapping of its non-empty fields.
func (w *yamlWriter) schema(p *apiextv1.JSONSchemaProps) error {
	has := presentFields(p)
	if has == 0 {
		w.emptyCollection("{", "}")
		return nil
	}
	var fields [fieldCount]schemaField
	n := 0
	start := len(w.keys)
	for _, f := range schemaFieldOrder {
		if has&(1<<f) != 0 {
			fields[n] = f
			n++
			w.keys = append(w.keys, schemaFieldNames[f])
		}
	}
	err := w.block(w.keys[start:], func(i int, _ string) error { return w.field(p, fields[i]) })
	w.keys = w.keys[:start]
	return err
}

// presentFields is the set of fields the tree of p has (bit 1<<f for the
// field f): the fields json.Marshal writes (every field is omitempty but a
// rule's "rule").
func presentFields(p *apiextv1.JSONSchemaProps) uint64 {
	var has uint64
	set := func(f schemaField, ok bool) {
		if ok {
			has |= 1 << f
		}
	}
	set(fieldID, p.ID != "")
	set(fieldSchema, p.Schema != "")
	set(fieldRef, p.Ref != nil)
	set(fieldDescription, p.Description != "")
	set(fieldType, p.Type != "")
	set(fieldFormat, p.Format != "")
	set(fieldTitle, p.Title != "")
	set(fieldDefault, p.Default != nil)
	set(fieldMaximum, p.Maximum != nil)
	set(fieldExclusiveMaximum, p.ExclusiveMaximum)
	set(fieldMinimum, p.Minimum != nil)
	set(fieldExclusiveMinimum, p.ExclusiveMinimum)
	set(fieldMaxLength, p.MaxLength != nil)
	set(fieldMinLength, p.MinLength != nil)
	set(fieldPattern, p.Pattern != "")
	set(fieldMaxItems, p.MaxItems != nil)
	set(fieldMinItems, p.MinItems != nil)
	set(fieldUniqueItems, p.UniqueItems)
	set(fieldMultipleOf, p.MultipleOf != nil)
	set(fieldEnum, len(p.Enum) > 0)
	set(fieldMaxProperties, p.MaxProperties != nil)
	set(fieldMinProperties, p.MinProperties != nil)
	set(fieldRequired, len(p.Required) > 0)
	set(fieldItems, p.Items != nil)
	set(fieldAllOf, len(p.AllOf) > 0)
	set(fieldOneOf, len(p.OneOf) > 0)
	set(fieldAnyOf, len(p.AnyOf) > 0)
	set(fieldNot, p.Not != nil)
	set(fieldProperties, len(p.Properties) > 0)
	set(fieldAdditionalProperties, p.AdditionalProperties != nil)
	set(fieldPatternProperties, len(p.PatternProperties) > 0)
	set(fieldDependencies, len(p.Dependencies) > 0)
	set(fieldAdditionalItems, p.AdditionalItems != nil)
	set(fieldDefinitions, len(p.Definitions) > 0)
	set(fieldExternalDocs, p.ExternalDocs != nil)
	set(fieldExample, p.Example != nil)
	set(fieldNullable, p.Nullable)
	set(fieldPreserveUnknownFields, p.XPreserveUnknownFields != nil)
	set(fieldEmbeddedResource, p.XEmbeddedResource)
	set(fieldIntOrString, p.XIntOrString)
	set(fieldListMapKeys, len(p.XListMapKeys) > 0)
	set(fieldListType, p.XListType != nil)
	set(fieldMapType, p.XMapType != nil)
	set(fieldValidations, len(p.XValidations) > 0)
	return has
}

// field writes the value of the field f of p, which p has, as a mapping
// value; its value in the tree is the one tree.go's props gives it.
func (w *yamlWriter) field(p *apiextv1.JSONSchemaProps, f schemaField) error {
	switch f {
	case fieldID:
		return w.text(p.ID)
	case fieldSchema:
		return w.text(string(p.Schema))
	case fieldRef:
		return w.text(*p.Ref)
	case fieldDescription:
		return w.text(p.Description)
	case fieldType:
		return w.text(p.Type)
	case fieldFormat:
		return w.text(p.Format)
	case fieldTitle:
		return w.text(p.Title)
	case fieldDefault:
		return w.rawJSON(*p.Default)
	case fieldMaximum:
		return w.float(*p.Maximum)
	case fieldMinimum:
		return w.float(*p.Minimum)
	case fieldMultipleOf:
		return w.float(*p.MultipleOf)
	case fieldMaxLength:
		return w.integer(*p.MaxLength)
	case fieldMinLength:
		return w.integer(*p.MinLength)
	case fieldMaxItems:
		return w.integer(*p.MaxItems)
	case fieldMinItems:
		return w.integer(*p.MinItems)
	case fieldMaxProperties:
		return w.integer(*p.MaxProperties)
	case fieldMinProperties:
		return w.integer(*p.MinProperties)
	case fieldExclusiveMaximum, fieldExclusiveMinimum, fieldUniqueItems, fieldNullable,
		fieldEmbeddedResource, fieldIntOrString:
		w.scalar("true", stylePlain, placeMapping)
		return nil
	case fieldPattern:
		return w.text(p.Pattern)
	case fieldEnum:
		return w.items(len(p.Enum), placeMapping, func(i int) error {
			return w.rawJSONAt(p.Enum[i], placeOther)
		})
	case fieldRequired:
		return w.texts(p.Required)
	case fieldListMapKeys:
		return w.texts(p.XListMapKeys)
	case fieldItems:
		switch {
		case len(p.Items.JSONSchemas) > 0:
			return w.schemas(p.Items.JSONSchemas)
		case p.Items.Schema != nil:
			return w.schema(p.Items.Schema)
		}
		return w.node(nil, placeMapping)
	case fieldAllOf:
		return w.schemas(p.AllOf)
	case fieldOneOf:
		return w.schemas(p.OneOf)
	case fieldAnyOf:
		return w.schemas(p.AnyOf)
	case fieldNot:
		return w.schema(p.Not)
	case fieldProperties:
		return w.schemaMap(p.Properties)
	case fieldPatternProperties:
		return w.schemaMap(p.PatternProperties)
	case fieldDefinitions:
		return w.schemaMap(p.Definitions)
	case fieldAdditionalProperties:
		return w.schemaOrBool(p.AdditionalProperties)
	case fieldAdditionalItems:
		return w.schemaOrBool(p.AdditionalItems)
	case fieldPreserveUnknownFields:
		return w.node(*p.XPreserveUnknownFields, placeMapping)
	case fieldListType:
		return w.text(*p.XListType)
	case fieldMapType:
		return w.text(*p.XMapType)
	case fieldExample:
		return w.rawJSON(*p.Example)
	case fieldValidations:
		return w.items(len(p.XValidations), placeMapping, func(i int) error {
			return w.node(ruleTree(p.XValidations[i]), placeOther)
		})
	case fieldExternalDocs:
		return w.node(externalDocsTree(p.ExternalDocs), placeMapping)
	case fieldDependencies:
		// Rare: written from its tree.
		var b treeBuilder
		v := b.dependencies(p.Dependencies)
		if b.err != nil {
			return b.err
		}
		return w.node(v, placeMapping)
	}
	return nil
}

// text writes a string field as its JSON round trip reads.
func (w *yamlWriter) text(s string) error { return w.str(jsonString(s), placeMapping) }

// texts writes a list of strings.
func (w *yamlWriter) texts(ss []string) error {
	return w.items(len(ss), placeMapping, func(i int) error { return w.str(jsonString(ss[i]), placeOther) })
}

// integer writes an integer field.
func (w *yamlWriter) integer(n int64) error {
	return w.number(strconv.FormatInt(n, 10), placeMapping)
}

// float writes a number field as json.Marshal writes it.
func (w *yamlWriter) float(f float64) error {
	var b treeBuilder
	v := b.float(f)
	if b.err != nil {
		return b.err
	}
	return w.node(v, placeMapping)
}

// rawJSON writes a JSON value field.
func (w *yamlWriter) rawJSON(j apiextv1.JSON) error { return w.rawJSONAt(j, placeMapping) }

func (w *yamlWriter) rawJSONAt(j apiextv1.JSON, at yamlPlace) error {
	if s, ok := plainJSONString(j.Raw); ok {
		return w.str(s, at)
	}
	var b treeBuilder
	v := b.raw(j)
	if b.err != nil {
		return b.err
	}
	return w.node(v, at)
}

// schemas writes a list of schemas.
func (w *yamlWriter) schemas(ps []apiextv1.JSONSchemaProps) error {
	return w.items(len(ps), placeMapping, func(i int) error { return w.schema(&ps[i]) })
}

// schemaOrBool writes additionalProperties or additionalItems.
func (w *yamlWriter) schemaOrBool(s *apiextv1.JSONSchemaPropsOrBool) error {
	if s.Schema != nil {
		return w.schema(s.Schema)
	}
	return w.node(s.Allows, placeMapping)
}

// schemaMap writes a map of schemas (properties, patternProperties,
// definitions), which has entries. A key that is not UTF-8 may become
// another key's double in JSON; such a map is written from its tree, which
// knows which of the two json.Marshal keeps.
func (w *yamlWriter) schemaMap(ps map[string]apiextv1.JSONSchemaProps) error {
	start := len(w.keys)
	for k := range ps {
		if !utf8.ValidString(k) {
			w.keys = w.keys[:start]
			var b treeBuilder
			t := b.mapOf(ps)
			if b.err != nil {
				return b.err
			}
			return w.mapping(t)
		}
		w.keys = append(w.keys, k)
	}
	keys := w.keys[start:]
	sortYAMLKeys(keys)
	err := w.block(keys, func(_ int, k string) error {
		p := ps[k]
		return w.schema(&p)
	})
	w.keys = w.keys[:start]
	return err
}

// plainJSONString returns the string a JSON value is when it is nothing but
// a string without escapes, as most enum values are: what decoding it
// gives, without a decoder.
func plainJSONString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	for _, c := range body {
		if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return "", false
		}
	}
	return string(body), true
}
