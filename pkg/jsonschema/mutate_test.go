package jsonschema_test

// This file implements the generated objects of the agreement test: a
// valid object of a version, and the object changed, one change each,
// past every bound, outside every enum, off every pattern and format,
// without each required field, with a value of the wrong type, with an
// unknown field, with null, at every field the walk reaches; and the
// metadata a user writes, right and wrong.

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/crtest"
)

// maxMutations bounds the objects of one version; maxDepth how deep the
// walk goes.
const (
	maxMutations = 400
	maxDepth     = 8
)

// mutator collects the objects of one version.
type mutator struct {
	out []map[string]any
}

func (m *mutator) add(obj map[string]any) {
	if obj != nil && len(m.out) < maxMutations {
		m.out = append(m.out, obj)
	}
}

// mutations are a valid object of a version (as crdgen test --init makes
// it) and its changes.
func mutations(crd *apiextv1.CustomResourceDefinition, version string) []map[string]any {
	var root *apiextv1.JSONSchemaProps
	for _, v := range crd.Spec.Versions {
		if v.Name == version && v.Schema != nil {
			root = v.Schema.OpenAPIV3Schema
		}
	}
	if root == nil {
		return nil
	}
	base, _ := crtest.Sample(root).(map[string]any)
	if base == nil {
		base = map[string]any{}
	}
	if spec, ok := root.Properties["spec"]; ok && base["spec"] == nil {
		base["spec"] = crtest.Sample(&spec)
	}
	delete(base, "metadata")
	delete(base, "status")
	base["apiVersion"] = crd.Spec.Group + "/" + version
	base["kind"] = crd.Spec.Names.Kind
	m := &mutator{}
	m.add(base)
	m.metadata(base)
	// The root is an object: a value of another type is no object to send.
	m.walk(root, base, func(v any) map[string]any { obj, _ := v.(map[string]any); return obj }, 0)
	return m.out
}

// metadata adds the object with metadata a user writes, right and wrong.
func (m *mutator) metadata(base map[string]any) {
	with := func(k string, v any) {
		obj := deepCopy(base)
		obj["metadata"] = map[string]any{"name": "example", k: v}
		m.add(obj)
	}
	with("labels", map[string]any{"app.kubernetes.io/name": "web", "tier": "front-end"})
	with("labels", map[string]any{"bad key!": "x"})
	with("labels", map[string]any{"app": "not a value"})
	with("labels", map[string]any{"app": strings.Repeat("a", 64)})
	with("annotations", map[string]any{"example.com/Note": "any text at all"})
	with("annotations", map[string]any{"/no-name": "x"})
	with("finalizers", []any{"example.com/cleanup"})
	with("finalizers", []any{"not a finalizer"})
	with("creationTimestamp", nil)
	with("creationTimestamp", "yesterday")
	with("uid", "d9607e19-f88f-11e6-a518-42010a800195")
	with("generation", "one")
	with("ownerReferences", []any{map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": "1"}})
	with("ownerReferences", []any{map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner"}})
	with("crdgenUnknownField", "x")
	for _, name := range []string{"Example", "a_b", strings.Repeat("a", 254), "a.b-c"} {
		obj := deepCopy(base)
		obj["metadata"] = map[string]any{"name": name}
		m.add(obj)
	}
	for _, obj := range []map[string]any{
		{"metadata": map[string]any{"generateName": "web-"}},
		{"metadata": map[string]any{"generateName": "Web-"}},
		{"metadata": map[string]any{}},
		{"metadata": map[string]any{"name": "example", "namespace": "Not_A_Namespace"}},
		{"apiVersion": "example.com/v0"},
		{"kind": "SomethingElse"},
	} {
		c := deepCopy(base)
		maps.Copy(c, obj)
		m.add(c)
	}
}

// walk adds the changes of the field cur, whose schema is s, and of the
// fields below it; with puts a value in its place in the whole object.
func (m *mutator) walk(s *apiextv1.JSONSchemaProps, cur any, with func(any) map[string]any, depth int) {
	if len(m.out) >= maxMutations || depth > maxDepth || s == nil {
		return
	}
	for _, v := range keywordChanges(s, cur) {
		m.add(with(v))
	}
	if obj, ok := cur.(map[string]any); ok && s.Type == "object" {
		m.object(s, obj, with, depth)
	}
	if list, ok := cur.([]any); ok && s.Items != nil && s.Items.Schema != nil {
		item := crtest.Sample(s.Items.Schema)
		if len(list) > 0 {
			item = list[0]
		} else {
			m.add(with([]any{item}))
		}
		m.walk(s.Items.Schema, item, func(v any) map[string]any {
			c := slices.Clone(list)
			if len(c) == 0 {
				c = []any{v}
			} else {
				c[0] = v
			}
			return with(c)
		}, depth+1)
	}
}

// object adds the changes of an object's fields.
func (m *mutator) object(s *apiextv1.JSONSchemaProps, obj map[string]any, with func(any) map[string]any, depth int) {
	set := func(k string, v any) map[string]any {
		c := maps.Clone(obj)
		c[k] = v
		return with(c)
	}
	m.add(set("crdgenUnknownField", "x"))
	for _, name := range s.Required {
		c := maps.Clone(obj)
		delete(c, name)
		m.add(with(c))
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		if depth == 0 && (name == "apiVersion" || name == "kind" || name == "metadata") {
			continue
		}
		p := s.Properties[name]
		m.add(set(name, nil))
		child, present := obj[name]
		if !present {
			child = crtest.Sample(&p)
			m.add(set(name, child))
		}
		m.walk(&p, child, func(v any) map[string]any { return set(name, v) }, depth+1)
	}
	if ap := s.AdditionalProperties; ap != nil && ap.Schema != nil {
		key := "key1"
		child, present := obj[key]
		if !present {
			child = crtest.Sample(ap.Schema)
			m.add(set(key, child))
		}
		m.add(set(key, nil))
		m.walk(ap.Schema, child, func(v any) map[string]any { return set(key, v) }, depth+1)
	}
	if s.XEmbeddedResource {
		for _, k := range []string{"apiVersion", "kind"} {
			c := maps.Clone(obj)
			delete(c, k)
			m.add(with(c))
		}
		m.add(set("kind", "Not_A_Kind"))
		m.add(set("apiVersion", "a/b/c"))
		m.add(set("metadata", map[string]any{"name": "a/b"}))
		m.add(set("metadata", map[string]any{"name": "ok", "labels": map[string]any{"k": "bad value!"}}))
	}
}

// keywordChanges are values that break one keyword of s each, and a value
// of another type.
func keywordChanges(s *apiextv1.JSONSchemaProps, cur any) []any {
	var out []any
	switch {
	case s.XIntOrString:
		out = append(out, true, 1.5)
	case s.Type == "string":
		out = append(out, int64(42))
	case s.Type == "integer":
		out = append(out, "42", 1.5)
	case s.Type == "number", s.Type == "boolean":
		out = append(out, "x")
	case s.Type == "object", s.Type == "array":
		out = append(out, "x")
	}
	if len(s.Enum) > 0 {
		out = append(out, "crdgen-not-in-enum", int64(-987654))
	}
	if s.MaxLength != nil {
		out = append(out, strings.Repeat("a", int(*s.MaxLength)+1))
	}
	if s.MinLength != nil && *s.MinLength > 0 {
		out = append(out, strings.Repeat("a", int(*s.MinLength)-1))
	}
	if s.Pattern != "" {
		if v, ok := offPattern(s.Pattern); ok {
			out = append(out, v)
		}
	}
	if s.Format != "" && s.Type == "string" {
		out = append(out, "%not %a% "+s.Format+"%", "")
	}
	out = append(out, numberChanges(s)...)
	if s.MaxItems != nil {
		out = append(out, listOf(s, *s.MaxItems+1))
	}
	if s.MinItems != nil && *s.MinItems > 0 {
		out = append(out, listOf(s, *s.MinItems-1))
	}
	if s.XListType != nil && (*s.XListType == "set" || *s.XListType == "map") && s.Items != nil && s.Items.Schema != nil {
		item := crtest.Sample(s.Items.Schema)
		out = append(out, []any{item, item})
	}
	if ap := s.AdditionalProperties; ap != nil && ap.Schema != nil {
		if s.MaxProperties != nil {
			out = append(out, mapOf(ap.Schema, *s.MaxProperties+1))
		}
		if s.MinProperties != nil && *s.MinProperties > 0 {
			out = append(out, mapOf(ap.Schema, *s.MinProperties-1))
		}
	}
	return out
}

// numberChanges are numbers past the bounds and off the multiple.
func numberChanges(s *apiextv1.JSONSchemaProps) []any {
	var out []any
	if s.Maximum != nil {
		out = append(out, *s.Maximum+1)
		if s.ExclusiveMaximum {
			out = append(out, *s.Maximum)
		}
	}
	if s.Minimum != nil {
		out = append(out, *s.Minimum-1)
		if s.ExclusiveMinimum {
			out = append(out, *s.Minimum)
		}
	}
	if s.MultipleOf != nil {
		out = append(out, *s.MultipleOf*1.5)
	}
	return out
}

// offPattern is a string that does not match a pattern.
func offPattern(pattern string) (string, bool) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", false
	}
	for _, c := range []string{"", "a", "A", "0", "-", " ", "a_b", "!", "a/b", strings.Repeat("z", 300)} {
		if !re.MatchString(c) {
			return c, true
		}
	}
	return "", false
}

func listOf(s *apiextv1.JSONSchemaProps, n int64) []any {
	out := []any{}
	for i := int64(0); i < n; i++ {
		var item any = "x"
		if s.Items != nil && s.Items.Schema != nil {
			item = crtest.Sample(s.Items.Schema)
		}
		out = append(out, item)
	}
	return out
}

func mapOf(s *apiextv1.JSONSchemaProps, n int64) map[string]any {
	out := map[string]any{}
	for i := int64(0); i < n; i++ {
		out["key"+string(rune('a'+i%26))+strings.Repeat("x", int(i/26))] = crtest.Sample(s)
	}
	return out
}
