package jsonschema

// This file implements the translation of one version's structural schema
// into JSON Schema, node by node, over schemapath's walker: each node's
// keywords, and where it hangs in its parent's translation.

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// node is a JSON Schema object as it is built; encoding/json writes its
// keys sorted.
type node = map[string]any

// frame is a translated node, as its children see it.
type frame struct {
	s *apiextv1.JSONSchemaProps
	// out is the node's translation: its properties, items and values hang
	// here; junctors hangs its allOf, anyOf, oneOf and not (out, or the
	// branch that is not null).
	out, junctors node
	// values says the node only validates values: below allOf, anyOf, oneOf
	// and not, or a declared apiVersion, kind or metadata of a resource.
	// Nothing there is pruned, so strict adds nothing there.
	values bool
	// resource says the node is a resource: the root, or an embedded one.
	resource bool
	// skipAnyOf says the node's anyOf is the integer-or-string pair that
	// oneOf already says.
	skipAnyOf bool
	root      bool
	// shape is the structural schema at the node's value (the node, but
	// for a junctor's branch); failing are the properties of a junctor's
	// branch whose default the branch refuses (defaults.go).
	shape   *apiextv1.JSONSchemaProps
	failing map[string]bool
}

// translator translates one version's schema.
type translator struct {
	crd     *apiextv1.CustomResourceDefinition
	version string
	strict  bool
}

// translate is the JSON Schema of a version's root schema.
func (t *translator) translate(root *apiextv1.JSONSchemaProps) node {
	holder := &frame{out: node{}}
	schemapath.Descend(root, holder, func(s *apiextv1.JSONSchemaProps, at schemapath.Path, above *frame) (*frame, bool) {
		seg := ""
		if len(at) > 0 {
			seg = at[len(at)-1]
		}
		return t.visit(s, seg, above)
	})
	return holder.out["root"].(node)
}

// visit translates one node and hangs it on its parent's translation.
func (t *translator) visit(s *apiextv1.JSONSchemaProps, seg string, above *frame) (*frame, bool) {
	if seg == "" {
		f := t.gen(s, false, false, s)
		f.root, f.resource = true, true
		t.addResourceFields(f)
		above.out["root"] = f.out
		return f, true
	}
	name, isProperty := propertyName(seg)
	junctor := junctorOf(seg)
	if junctor == "anyOf" && above.skipAnyOf {
		return nil, false
	}
	if isProperty && above.resource && !above.values && isResourceField(name) {
		return t.resourceField(s, name, above)
	}
	values := above.values || junctor != ""
	shape := s
	if values {
		shape = shapeOf(above, seg, name)
	}
	null := nullAllowed(s, seg, name, above)
	f := t.gen(s, values, null, shape)
	if values && name != "" && !null && !(shape != nil && shape.Nullable) {
		// A branch's field with no type: a null the server would not see
		// as it (a required field's, dropped; a default that fails the
		// branch, filled in) must fail the branch here too.
		f.out["allOf"] = append(asList(f.out["allOf"]), nullFails())
	}
	switch {
	case isProperty:
		props, _ := above.out["properties"].(node)
		if props == nil {
			props = node{}
			above.out["properties"] = props
		}
		props[name] = f.out
	case seg == "items" || seg == "additionalProperties":
		above.out[seg] = f.out
	case junctor == "not":
		above.junctors["not"] = f.out
	case junctor != "":
		list, _ := above.junctors[junctor].([]any)
		above.junctors[junctor] = append(list, f.out)
	}
	if f.resource {
		t.addResourceFields(f)
	}
	return f, true
}

// propertyName is the name of a property segment, properties[name].
func propertyName(seg string) (string, bool) {
	if rest, ok := strings.CutPrefix(seg, "properties["); ok && strings.HasSuffix(rest, "]") {
		return rest[:len(rest)-1], true
	}
	return "", false
}

// junctorOf is the junctor of a segment (allOf[0] is allOf), or "".
func junctorOf(seg string) string {
	for _, j := range []string{"allOf", "anyOf", "oneOf"} {
		if strings.HasPrefix(seg, j+"[") {
			return j
		}
	}
	if seg == "not" {
		return "not"
	}
	return ""
}

// nullAllowed says whether the API server accepts null at a node: where
// the schema says nullable, and for any property or map value that is not
// required, or has a default. The server drops a null it cannot keep there
// (PruneNonNullableNullsWithoutDefaults), or defaults it, before it
// validates; an item stays, and must be nullable.
func nullAllowed(s *apiextv1.JSONSchemaProps, seg, name string, above *frame) bool {
	if s.Nullable {
		return true
	}
	switch {
	case seg == "additionalProperties":
		return true
	case above.failing[name]:
		// Null is defaulted, and the default fails this branch.
		return false
	case name != "":
		return hasDefault(above.shape, name) || s.Default != nil || !slices.Contains(above.s.Required, name)
	}
	return false
}

// hasDefault reports whether a property of shape has a default.
func hasDefault(shape *apiextv1.JSONSchemaProps, name string) bool {
	if shape == nil {
		return false
	}
	p, ok := shape.Properties[name]
	return ok && p.Default != nil
}

// gen translates the keywords of one node.
func (t *translator) gen(s *apiextv1.JSONSchemaProps, values, null bool, shape *apiextv1.JSONSchemaProps) *frame {
	out := node{}
	f := &frame{s: s, out: out, junctors: out, values: values, resource: s.XEmbeddedResource && !values, shape: shape}
	if values && shape != s {
		f.failing = failingDefaults(s, shape)
		requireNotNull(out, s, shape)
	}
	genAnnotations(out, s)
	f.skipAnyOf = genType(out, s, null)
	genEnum(out, s, null)
	genNumber(out, s)
	genString(out, s, typeAt(s, shape))
	genArray(out, s)
	t.genObject(out, s, values, shape, f.failing)
	if null && hasJunctors(s, f.skipAnyOf) {
		// The server never validates a null it accepts, but a junctor
		// would: it stays in the branch that is not null.
		inner := node{}
		out["anyOf"] = []any{node{"type": "null"}, inner}
		f.junctors = inner
	}
	return f
}

// hasJunctors reports whether a node has allOf, anyOf, oneOf or not to
// translate.
func hasJunctors(s *apiextv1.JSONSchemaProps, skipAnyOf bool) bool {
	return len(s.AllOf) > 0 || len(s.OneOf) > 0 || s.Not != nil || len(s.AnyOf) > 0 && !skipAnyOf
}

// genAnnotations copies what describes a node, and the x-kubernetes
// extensions, which JSON Schema validators ignore: those it can say are
// also translated (int-or-string, embedded resources, sets); the CEL rules
// of x-kubernetes-validations are kept for people and tools to read, and
// checked by nobody.
func genAnnotations(out node, s *apiextv1.JSONSchemaProps) {
	setString(out, "title", s.Title)
	setString(out, "description", s.Description)
	if s.Default != nil {
		out["default"] = rawValue(s.Default.Raw)
	}
	if s.Example != nil {
		out["examples"] = []any{rawValue(s.Example.Raw)}
	}
	if s.XPreserveUnknownFields != nil {
		out["x-kubernetes-preserve-unknown-fields"] = *s.XPreserveUnknownFields
	}
	setTrue(out, "x-kubernetes-embedded-resource", s.XEmbeddedResource)
	setTrue(out, "x-kubernetes-int-or-string", s.XIntOrString)
	if s.XListType != nil {
		out["x-kubernetes-list-type"] = *s.XListType
	}
	if len(s.XListMapKeys) > 0 {
		out["x-kubernetes-list-map-keys"] = slices.Clone(s.XListMapKeys)
	}
	if s.XMapType != nil {
		out["x-kubernetes-map-type"] = *s.XMapType
	}
	if len(s.XValidations) > 0 {
		out["x-kubernetes-validations"] = genRules(s.XValidations)
	}
}

// genRules are the CEL rules as the CRD writes them.
func genRules(rules apiextv1.ValidationRules) []any {
	var out []any
	for _, r := range rules {
		data, _ := json.Marshal(r)
		out = append(out, rawValue(data))
	}
	return out
}

// genType says the node's type: with null where the server accepts null,
// and integer or string for x-kubernetes-int-or-string. It reports whether
// the node's anyOf is the pair of types controller-gen writes beside
// x-kubernetes-int-or-string, which oneOf says instead.
func genType(out node, s *apiextv1.JSONSchemaProps, null bool) bool {
	switch {
	case s.XIntOrString:
		alts := []any{node{"type": "integer"}, node{"type": "string"}}
		if null {
			alts = append(alts, node{"type": "null"})
		}
		out["oneOf"] = alts
		return isIntOrStringPair(s.AnyOf)
	case s.Type == "":
		return false
	case null:
		out["type"] = []any{s.Type, "null"}
	default:
		out["type"] = s.Type
	}
	return false
}

// isIntOrStringPair reports whether anyOf is [{type: integer}, {type: string}].
func isIntOrStringPair(anyOf []apiextv1.JSONSchemaProps) bool {
	if len(anyOf) != 2 {
		return false
	}
	plain := func(s apiextv1.JSONSchemaProps, typ string) bool {
		return s.Type == typ && equalJSON(s, apiextv1.JSONSchemaProps{Type: typ})
	}
	return plain(anyOf[0], "integer") && plain(anyOf[1], "string")
}

func equalJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// genEnum lists the values, with null where the server accepts it (enum
// applies to every type).
func genEnum(out node, s *apiextv1.JSONSchemaProps, null bool) {
	if len(s.Enum) == 0 {
		return
	}
	var values []any
	hasNull := false
	for _, v := range s.Enum {
		x := rawValue(v.Raw)
		hasNull = hasNull || x == nil
		values = append(values, x)
	}
	if null && !hasNull {
		values = append(values, nil)
	}
	out["enum"] = values
}

// genNumber says a number's bounds. OpenAPI's exclusiveMaximum is a flag on
// maximum; draft-07's is the bound itself.
func genNumber(out node, s *apiextv1.JSONSchemaProps) {
	if s.Maximum != nil {
		if s.ExclusiveMaximum {
			out["exclusiveMaximum"] = *s.Maximum
		} else {
			out["maximum"] = *s.Maximum
		}
	}
	if s.Minimum != nil {
		if s.ExclusiveMinimum {
			out["exclusiveMinimum"] = *s.Minimum
		} else {
			out["minimum"] = *s.Minimum
		}
	}
	if s.MultipleOf != nil {
		out["multipleOf"] = *s.MultipleOf
	}
}

// typeAt is the type of the value at a node: its own, or for a junctor's
// branch, which has none, its shape's. The server checks a format on any
// string value, typed in the branch or not.
func typeAt(s, shape *apiextv1.JSONSchemaProps) string {
	if s.Type == "" && shape != nil {
		return shape.Type
	}
	return s.Type
}

// genString says a string's length, pattern and format; typ is the type of
// the value.
func genString(out node, s *apiextv1.JSONSchemaProps, typ string) {
	setInt(out, "maxLength", s.MaxLength)
	setInt(out, "minLength", s.MinLength)
	setString(out, "pattern", s.Pattern)
	if s.Format == "" {
		return
	}
	r, ok := formatOf(s.Format, typ)
	if !ok {
		return
	}
	setString(out, "format", r.format)
	if r.pattern == "" && r.maxLength == 0 {
		return
	}
	// In allOf, beside a pattern or length the schema may have itself.
	check := node{}
	setString(check, "pattern", r.pattern)
	if r.maxLength > 0 {
		check["maxLength"] = r.maxLength
	}
	out["allOf"] = []any{check}
}

// genArray says a list's length and uniqueness: a set's items are unique,
// and so are a map list's (two equal items have equal keys; that two items
// with equal keys but other fields different are refused, JSON Schema
// cannot say).
func genArray(out node, s *apiextv1.JSONSchemaProps) {
	setInt(out, "maxItems", s.MaxItems)
	setInt(out, "minItems", s.MinItems)
	if s.UniqueItems || s.XListType != nil && (*s.XListType == "set" || *s.XListType == "map") {
		out["uniqueItems"] = true
	}
}

// genObject says an object's size, its required properties, and in the
// strict variant that it has no others where the server prunes them.
// A property with a default is not required: the server defaults it first;
// but a junctor's branch that refuses the default requires the property.
func (t *translator) genObject(out node, s *apiextv1.JSONSchemaProps, values bool, shape *apiextv1.JSONSchemaProps, failing map[string]bool) {
	setInt(out, "maxProperties", s.MaxProperties)
	setInt(out, "minProperties", s.MinProperties)
	var required []any
	for _, name := range s.Required {
		if !hasDefault(shape, name) && !hasDefault(s, name) && !failing[name] {
			required = append(required, name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(failing)) {
		required = append(required, name)
	}
	if len(required) > 0 {
		out["required"] = required
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema == nil && !s.AdditionalProperties.Allows {
		out["additionalProperties"] = false
	}
	if t.strict && !values && prunes(s) {
		out["additionalProperties"] = false
	}
}

// prunes reports whether the API server prunes the fields of an object
// that its schema does not name: an object without
// x-kubernetes-preserve-unknown-fields and without a schema for its values.
func prunes(s *apiextv1.JSONSchemaProps) bool {
	preserve := s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields
	return s.Type == "object" && !preserve && s.AdditionalProperties == nil
}

func setString(out node, key, v string) {
	if v != "" {
		out[key] = v
	}
}

func setInt(out node, key string, v *int64) {
	if v != nil {
		out[key] = *v
	}
}

func setTrue(out node, key string, v bool) {
	if v {
		out[key] = true
	}
}

// rawValue decodes a JSON value, keeping its numbers as written.
func rawValue(raw []byte) any {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return string(raw)
	}
	return v
}
