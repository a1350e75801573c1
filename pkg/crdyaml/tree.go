package crdyaml

// This file implements turning a CRD into the tree the writers take (the
// tree encoding/json decodes from the CRD's JSON), without the JSON: the
// schemas, which are nearly all of a CRD, are walked field by field (by
// the writer itself in schema.go; the trees here are its reference, and
// what it writes the rare fields from). Going
// through json.Marshal costs more than everything else in writing a CRD:
// the schema types' MarshalJSON methods marshal their children again, and
// every nested level is compacted and checked once per level above it.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// crdTree returns the tree of obj that json.Marshal and a json.Decoder with
// UseNumber give, minus status and metadata.creationTimestamp, but for the
// schemas: each version's openAPIV3Schema is its *JSONSchemaProps, which
// the writer writes itself (schema.go). The part around the schemas, which
// is small, goes through encoding/json.
func crdTree(obj *apiextv1.CustomResourceDefinition) (map[string]any, error) {
	shell := *obj
	shell.Spec.Versions = slices.Clone(obj.Spec.Versions)
	schemas := make([]*apiextv1.JSONSchemaProps, len(shell.Spec.Versions))
	for i, v := range shell.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			schemas[i] = v.Schema.OpenAPIV3Schema
			shell.Spec.Versions[i].Schema = &apiextv1.CustomResourceValidation{}
		}
	}
	j, err := json.Marshal(&shell)
	if err != nil {
		return nil, err
	}
	v, err := decodeJSON(j)
	if err != nil {
		return nil, err
	}
	m := v.(map[string]any)
	delete(m, "status")
	if md, ok := m["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	versions, _ := m["spec"].(map[string]any)["versions"].([]any)
	for i, s := range schemas {
		if s != nil {
			versions[i].(map[string]any)["schema"].(map[string]any)["openAPIV3Schema"] = s
		}
	}
	return m, nil
}

// decodeJSON decodes one JSON value, numbers as json.Number, and nothing
// after it.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: data after the value")
	}
	return v, nil
}

// treeBuilder builds the trees of schemas; it holds an error that stops the
// walk, the way json.Marshal stops at the first.
type treeBuilder struct{ err error }

// propsTree is the tree of a schema: its fields under their JSON names,
// the empty ones left out (every field is omitempty but a rule's "rule").
func propsTree(p *apiextv1.JSONSchemaProps) (map[string]any, error) {
	var b treeBuilder
	t := b.props(p)
	return t, b.err
}

func (b *treeBuilder) props(p *apiextv1.JSONSchemaProps) map[string]any {
	m := make(map[string]any, 8)
	str := func(k, v string) {
		if v != "" {
			m[k] = jsonString(v)
		}
	}
	flag := func(k string, v bool) {
		if v {
			m[k] = true
		}
	}
	integer := func(k string, v *int64) {
		if v != nil {
			m[k] = json.Number(strconv.FormatInt(*v, 10))
		}
	}
	number := func(k string, v *float64) {
		if v != nil {
			m[k] = b.float(*v)
		}
	}
	raw := func(k string, v *apiextv1.JSON) {
		if v != nil {
			m[k] = b.raw(*v)
		}
	}
	strs := func(k string, v []string) {
		if len(v) > 0 {
			m[k] = stringsTree(v)
		}
	}
	str("id", p.ID)
	str("$schema", string(p.Schema))
	if p.Ref != nil {
		m["$ref"] = jsonString(*p.Ref)
	}
	str("description", p.Description)
	str("type", p.Type)
	str("format", p.Format)
	str("title", p.Title)
	raw("default", p.Default)
	number("maximum", p.Maximum)
	flag("exclusiveMaximum", p.ExclusiveMaximum)
	number("minimum", p.Minimum)
	flag("exclusiveMinimum", p.ExclusiveMinimum)
	integer("maxLength", p.MaxLength)
	integer("minLength", p.MinLength)
	str("pattern", p.Pattern)
	integer("maxItems", p.MaxItems)
	integer("minItems", p.MinItems)
	flag("uniqueItems", p.UniqueItems)
	number("multipleOf", p.MultipleOf)
	if len(p.Enum) > 0 {
		enum := make([]any, len(p.Enum))
		for i, e := range p.Enum {
			enum[i] = b.raw(e)
		}
		m["enum"] = enum
	}
	integer("maxProperties", p.MaxProperties)
	integer("minProperties", p.MinProperties)
	strs("required", p.Required)
	if p.Items != nil {
		if len(p.Items.JSONSchemas) > 0 {
			m["items"] = b.list(p.Items.JSONSchemas)
		} else if p.Items.Schema != nil {
			m["items"] = b.props(p.Items.Schema)
		} else {
			m["items"] = nil
		}
	}
	if len(p.AllOf) > 0 {
		m["allOf"] = b.list(p.AllOf)
	}
	if len(p.OneOf) > 0 {
		m["oneOf"] = b.list(p.OneOf)
	}
	if len(p.AnyOf) > 0 {
		m["anyOf"] = b.list(p.AnyOf)
	}
	if p.Not != nil {
		m["not"] = b.props(p.Not)
	}
	if len(p.Properties) > 0 {
		m["properties"] = b.mapOf(p.Properties)
	}
	if p.AdditionalProperties != nil {
		m["additionalProperties"] = b.orBool(*p.AdditionalProperties)
	}
	if len(p.PatternProperties) > 0 {
		m["patternProperties"] = b.mapOf(p.PatternProperties)
	}
	if len(p.Dependencies) > 0 {
		m["dependencies"] = b.dependencies(p.Dependencies)
	}
	if p.AdditionalItems != nil {
		m["additionalItems"] = b.orBool(*p.AdditionalItems)
	}
	if len(p.Definitions) > 0 {
		m["definitions"] = b.mapOf(p.Definitions)
	}
	if p.ExternalDocs != nil {
		m["externalDocs"] = externalDocsTree(p.ExternalDocs)
	}
	raw("example", p.Example)
	flag("nullable", p.Nullable)
	if p.XPreserveUnknownFields != nil {
		m["x-kubernetes-preserve-unknown-fields"] = *p.XPreserveUnknownFields
	}
	flag("x-kubernetes-embedded-resource", p.XEmbeddedResource)
	flag("x-kubernetes-int-or-string", p.XIntOrString)
	strs("x-kubernetes-list-map-keys", p.XListMapKeys)
	if p.XListType != nil {
		m["x-kubernetes-list-type"] = jsonString(*p.XListType)
	}
	if p.XMapType != nil {
		m["x-kubernetes-map-type"] = jsonString(*p.XMapType)
	}
	if len(p.XValidations) > 0 {
		rules := make([]any, len(p.XValidations))
		for i, r := range p.XValidations {
			rules[i] = ruleTree(r)
		}
		m["x-kubernetes-validations"] = rules
	}
	return m
}

// dependencies is the tree of a schema's dependencies.
func (b *treeBuilder) dependencies(ds apiextv1.JSONSchemaDependencies) map[string]any {
	deps := make(map[string]any, len(ds))
	for _, k := range keyOrder(ds) {
		d := ds[k]
		var v any
		switch {
		case len(d.Property) > 0:
			v = stringsTree(d.Property)
		case d.Schema != nil:
			v = b.props(d.Schema)
		}
		deps[jsonString(k)] = v
	}
	return deps
}

// externalDocsTree is the tree of a schema's external documentation.
func externalDocsTree(d *apiextv1.ExternalDocumentation) map[string]any {
	docs := map[string]any{}
	if d.Description != "" {
		docs["description"] = jsonString(d.Description)
	}
	if d.URL != "" {
		docs["url"] = jsonString(d.URL)
	}
	return docs
}

// ruleTree is the tree of a validation rule.
func ruleTree(r apiextv1.ValidationRule) map[string]any {
	t := map[string]any{"rule": jsonString(r.Rule)}
	if r.Message != "" {
		t["message"] = jsonString(r.Message)
	}
	if r.MessageExpression != "" {
		t["messageExpression"] = jsonString(r.MessageExpression)
	}
	if r.Reason != nil {
		t["reason"] = jsonString(string(*r.Reason))
	}
	if r.FieldPath != "" {
		t["fieldPath"] = jsonString(r.FieldPath)
	}
	if r.OptionalOldSelf != nil {
		t["optionalOldSelf"] = *r.OptionalOldSelf
	}
	return t
}

func (b *treeBuilder) list(ps []apiextv1.JSONSchemaProps) []any {
	out := make([]any, len(ps))
	for i := range ps {
		out[i] = b.props(&ps[i])
	}
	return out
}

func (b *treeBuilder) mapOf(ps map[string]apiextv1.JSONSchemaProps) map[string]any {
	out := make(map[string]any, len(ps))
	for _, k := range keyOrder(ps) {
		p := ps[k]
		out[jsonString(k)] = b.props(&p)
	}
	return out
}

// keyOrder is the order in which a map's entries go into a tree: any order,
// unless a key is not valid UTF-8 and so may become another key's double,
// in which case the last in byte order wins, as after json.Marshal.
func keyOrder[V any](m map[string]V) []string {
	keys := slices.Collect(maps.Keys(m))
	for _, k := range keys {
		if !utf8.ValidString(k) {
			slices.Sort(keys)
			break
		}
	}
	return keys
}

// orBool is additionalProperties or additionalItems: a schema, or whether
// anything is allowed.
func (b *treeBuilder) orBool(s apiextv1.JSONSchemaPropsOrBool) any {
	if s.Schema != nil {
		return b.props(s.Schema)
	}
	return s.Allows
}

// raw is the tree of a JSON value (null when empty, as its MarshalJSON).
func (b *treeBuilder) raw(j apiextv1.JSON) any {
	if len(j.Raw) == 0 {
		return nil
	}
	v, err := decodeJSON(j.Raw)
	if err != nil && b.err == nil {
		b.err = fmt.Errorf("json: error calling MarshalJSON for type *v1.JSON: %w", err)
	}
	return v
}

// float is a number as json.Marshal writes it; NaN and infinities fail.
func (b *treeBuilder) float(f float64) any {
	j, err := json.Marshal(f)
	if err != nil && b.err == nil {
		b.err = err
	}
	return json.Number(j)
}

func stringsTree(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = jsonString(s)
	}
	return out
}

// jsonString is s after a JSON round trip: json.Marshal writes each byte of
// invalid UTF-8 as U+FFFD.
func jsonString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var out []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return string(out)
}
