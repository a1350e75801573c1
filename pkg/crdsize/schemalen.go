package crdsize

// This file implements counting a schema's compact JSON without building
// its tree: every run measures every CRD (the limits are checked on each),
// and a tree of maps for a CRD of a megabyte costs more than the count.
// The count follows crdyaml's tree of a schema field by field (a test
// holds the two equal on random schemas that set every field); where the
// tree's rules are not simple (a string or key that is not valid UTF-8,
// a JSON value or number that does not encode) it gives up, and Measure
// measures the tree.

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// object counts a JSON object's members.
type object struct {
	n       int64 // the members' bytes: keys, colons, values
	members int64
}

func (o *object) add(key string, value int64) {
	o.n += int64(len(key)) + 3 + value // the names crdgen knows need no escapes
	o.members++
}

// member adds a member whose key, as a JSON string, is keyLen long.
func (o *object) member(keyLen, value int64) {
	o.n += keyLen + 1 + value
	o.members++
}

// len is the object's length: braces and commas around its members.
func (o *object) len() int64 {
	n := 2 + o.n
	if o.members > 0 {
		n += o.members - 1
	}
	return n
}

// arrayLen is the length of a JSON array of elements of these lengths.
func arrayLen(elems []int64) int64 {
	n := int64(2)
	for i, e := range elems {
		if i > 0 {
			n++
		}
		n += e
	}
	return n
}

// counter counts schemas; ok turns false where the count gives up.
type counter struct{ ok bool }

// schemaLen is the length of a schema as compact JSON, as jsonLen of its
// tree (crdyaml.SchemaTree) gives it; ok is false where the count gives up.
func schemaLen(p *apiextv1.JSONSchemaProps) (n int64, ok bool) {
	c := counter{ok: true}
	n = c.props(p)
	return n, c.ok
}

// str is a string's length, giving up on invalid UTF-8 (the tree holds
// U+FFFD for each bad byte).
func (c *counter) str(s string) int64 {
	n, valid := stringLen(s)
	if !valid {
		c.ok = false
	}
	return n
}

func (c *counter) props(p *apiextv1.JSONSchemaProps) int64 {
	if !c.ok {
		return 0
	}
	var o object
	str := func(k, v string) {
		if v != "" {
			o.add(k, c.str(v))
		}
	}
	flag := func(k string, v bool) {
		if v {
			o.add(k, 4)
		}
	}
	integer := func(k string, v *int64) {
		if v != nil {
			o.add(k, int64(len(strconv.FormatInt(*v, 10))))
		}
	}
	number := func(k string, v *float64) {
		if v != nil {
			o.add(k, c.float(*v))
		}
	}
	raw := func(k string, v *apiextv1.JSON) {
		if v != nil {
			o.add(k, c.raw(*v))
		}
	}
	strs := func(k string, v []string) {
		if len(v) > 0 {
			o.add(k, c.strings(v))
		}
	}
	str("id", p.ID)
	str("$schema", string(p.Schema))
	if p.Ref != nil {
		o.add("$ref", c.str(*p.Ref))
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
		enum := make([]int64, len(p.Enum))
		for i, e := range p.Enum {
			enum[i] = c.raw(e)
		}
		o.add("enum", arrayLen(enum))
	}
	integer("maxProperties", p.MaxProperties)
	integer("minProperties", p.MinProperties)
	strs("required", p.Required)
	if p.Items != nil {
		switch {
		case len(p.Items.JSONSchemas) > 0:
			o.add("items", c.list(p.Items.JSONSchemas))
		case p.Items.Schema != nil:
			o.add("items", c.props(p.Items.Schema))
		default:
			o.add("items", 4) // null
		}
	}
	if len(p.AllOf) > 0 {
		o.add("allOf", c.list(p.AllOf))
	}
	if len(p.OneOf) > 0 {
		o.add("oneOf", c.list(p.OneOf))
	}
	if len(p.AnyOf) > 0 {
		o.add("anyOf", c.list(p.AnyOf))
	}
	if p.Not != nil {
		o.add("not", c.props(p.Not))
	}
	if len(p.Properties) > 0 {
		o.add("properties", c.mapOf(p.Properties))
	}
	if p.AdditionalProperties != nil {
		o.add("additionalProperties", c.orBool(*p.AdditionalProperties))
	}
	if len(p.PatternProperties) > 0 {
		o.add("patternProperties", c.mapOf(p.PatternProperties))
	}
	if len(p.Dependencies) > 0 {
		o.add("dependencies", c.dependencies(p.Dependencies))
	}
	if p.AdditionalItems != nil {
		o.add("additionalItems", c.orBool(*p.AdditionalItems))
	}
	if len(p.Definitions) > 0 {
		o.add("definitions", c.mapOf(p.Definitions))
	}
	if d := p.ExternalDocs; d != nil {
		var docs object
		if d.Description != "" {
			docs.add("description", c.str(d.Description))
		}
		if d.URL != "" {
			docs.add("url", c.str(d.URL))
		}
		o.add("externalDocs", docs.len())
	}
	raw("example", p.Example)
	flag("nullable", p.Nullable)
	if p.XPreserveUnknownFields != nil {
		o.add("x-kubernetes-preserve-unknown-fields", boolLen(*p.XPreserveUnknownFields))
	}
	flag("x-kubernetes-embedded-resource", p.XEmbeddedResource)
	flag("x-kubernetes-int-or-string", p.XIntOrString)
	strs("x-kubernetes-list-map-keys", p.XListMapKeys)
	if p.XListType != nil {
		o.add("x-kubernetes-list-type", c.str(*p.XListType))
	}
	if p.XMapType != nil {
		o.add("x-kubernetes-map-type", c.str(*p.XMapType))
	}
	if len(p.XValidations) > 0 {
		rules := make([]int64, len(p.XValidations))
		for i, r := range p.XValidations {
			rules[i] = c.rule(r)
		}
		o.add("x-kubernetes-validations", arrayLen(rules))
	}
	return o.len()
}

func (c *counter) rule(r apiextv1.ValidationRule) int64 {
	var o object
	o.add("rule", c.str(r.Rule))
	if r.Message != "" {
		o.add("message", c.str(r.Message))
	}
	if r.MessageExpression != "" {
		o.add("messageExpression", c.str(r.MessageExpression))
	}
	if r.Reason != nil {
		o.add("reason", c.str(string(*r.Reason)))
	}
	if r.FieldPath != "" {
		o.add("fieldPath", c.str(r.FieldPath))
	}
	if r.OptionalOldSelf != nil {
		o.add("optionalOldSelf", boolLen(*r.OptionalOldSelf))
	}
	return o.len()
}

func (c *counter) dependencies(ds apiextv1.JSONSchemaDependencies) int64 {
	var o object
	for k, d := range ds {
		var v int64 = 4 // null
		switch {
		case len(d.Property) > 0:
			v = c.strings(d.Property)
		case d.Schema != nil:
			v = c.props(d.Schema)
		}
		o.member(c.str(k), v)
	}
	return o.len()
}

func (c *counter) list(ps []apiextv1.JSONSchemaProps) int64 {
	elems := make([]int64, len(ps))
	for i := range ps {
		elems[i] = c.props(&ps[i])
	}
	return arrayLen(elems)
}

func (c *counter) mapOf(ps map[string]apiextv1.JSONSchemaProps) int64 {
	var o object
	for k, p := range ps {
		// Two keys that are not UTF-8 may become one: c.str gives up.
		o.member(c.str(k), c.props(&p))
	}
	return o.len()
}

func (c *counter) orBool(s apiextv1.JSONSchemaPropsOrBool) int64 {
	if s.Schema != nil {
		return c.props(s.Schema)
	}
	return boolLen(s.Allows)
}

func (c *counter) strings(ss []string) int64 {
	elems := make([]int64, len(ss))
	for i, s := range ss {
		elems[i] = c.str(s)
	}
	return arrayLen(elems)
}

// raw is a JSON value's length as its tree holds it (null when empty);
// it gives up on a value that is not valid JSON, or holds a string that
// decodes to invalid UTF-8.
func (c *counter) raw(j apiextv1.JSON) int64 {
	if len(j.Raw) == 0 {
		return 4
	}
	if n, ok := plainString(j.Raw); ok {
		return n
	}
	dec := json.NewDecoder(bytes.NewReader(j.Raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		c.ok = false
		return 0
	}
	if _, err := dec.Token(); err != io.EOF {
		c.ok = false
		return 0
	}
	return jsonLen(v)
}

// plainString is the length of a JSON string literal with no escapes in
// it, such as most enum values are, as its tree holds it: its content
// re-encoded; ok is false for anything else.
func plainString(raw []byte) (int64, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return 0, false
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '"') >= 0 || bytes.IndexByte(body, '\\') >= 0 || !utf8.Valid(body) {
		return 0, false
	}
	for _, c := range body {
		if c < 0x20 {
			return 0, false
		}
	}
	return StringLen(string(body)), true
}

// float is a number's length as json.Marshal writes it; NaN and the
// infinities give up (the tree fails on them).
func (c *counter) float(f float64) int64 {
	b, err := json.Marshal(f)
	if err != nil {
		c.ok = false
	}
	return int64(len(b))
}

func boolLen(b bool) int64 {
	if b {
		return 4
	}
	return 5
}
