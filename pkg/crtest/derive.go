package crtest

// This file implements deriving a starter suite's failing cases: a walk of
// the schema from the shallowest fields down, and for each field the
// changes that break its keywords and CEL rules.

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/crdgen/crdgen/pkg/celcost"
)

// maxStarterDepth is how deep the walk goes.
const maxStarterDepth = 10

// node is a field of the object: its schema, where it is, its value in
// the base object (a sample when the base object lacks it), and the base
// object with the field replaced (or removed, with removed).
type node struct {
	s     *apiextv1.JSONSchemaProps
	path  string
	cur   any
	with  func(v any) map[string]any
	depth int
}

// removed is the value that removes a field.
var removed = &struct{ removed bool }{true}

// change is one change of a field that breaks a validation: what breaks,
// the field the server's error names, and a part of the error that tells
// it from others at that field.
type change struct {
	what, field, fragment string
	at                    node
	value                 any
}

// derive adds the failing cases, field by field, breadth first.
func (st *starter) derive() {
	st.seen = map[string]bool{}
	root := versionSchema(st.crd, st.version)
	queue := []node{{s: root, cur: st.base, with: func(v any) map[string]any { return v.(map[string]any) }}}
	for len(queue) > 0 {
		if len(st.cases)-1 >= MaxStarterCases {
			st.full = true
			return
		}
		n := queue[0]
		queue = queue[1:]
		for _, c := range keywordChanges(n) {
			st.tryChange(c)
		}
		for i := range n.s.XValidations {
			st.tryRule(n, n.s.XValidations[i])
		}
		if n.depth < maxStarterDepth {
			queue = append(queue, children(n)...)
		}
	}
}

// children are the fields below n: its properties (not apiVersion, kind,
// metadata and status at the root), its first item, its first entry.
func children(n node) []node {
	s := n.s
	if s.XEmbeddedResource || s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields && len(s.Properties) == 0 {
		return nil
	}
	var out []node
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		if n.depth == 0 && slices.Contains([]string{"apiVersion", "kind", "metadata", "status"}, name) {
			continue
		}
		p := s.Properties[name]
		out = append(out, n.property(name, &p))
	}
	if items := itemsOf(s); items != nil {
		out = append(out, n.item(items))
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		out = append(out, n.entry(s.AdditionalProperties.Schema))
	}
	return out
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// property is the field name of an object node.
func (n node) property(name string, s *apiextv1.JSONSchemaProps) node {
	m, _ := n.cur.(map[string]any)
	cur, ok := m[name]
	if !ok {
		cur = sample(s)
	}
	return node{s: s, path: join(n.path, name), cur: cur, depth: n.depth + 1, with: func(v any) map[string]any {
		parent := copyMap(m)
		if v == removed {
			delete(parent, name)
		} else {
			parent[name] = v
		}
		return n.with(parent)
	}}
}

// item is the first item of a list node.
func (n node) item(s *apiextv1.JSONSchemaProps) node {
	list, _ := n.cur.([]any)
	var cur any
	if len(list) > 0 {
		cur = list[0]
	} else {
		cur = sample(s)
	}
	return node{s: s, path: n.path + "[0]", cur: cur, depth: n.depth + 1, with: func(v any) map[string]any {
		out := []any{v}
		for _, e := range list[min(1, len(list)):] {
			out = append(out, runtime.DeepCopyJSONValue(e))
		}
		return n.with(out)
	}}
}

// entry is an entry of a map node.
func (n node) entry(s *apiextv1.JSONSchemaProps) node {
	m, _ := n.cur.(map[string]any)
	key := "key"
	if keys := slices.Sorted(maps.Keys(m)); len(keys) > 0 {
		key = keys[0]
	}
	cur, ok := m[key]
	if !ok {
		cur = sample(s)
	}
	return node{s: s, path: n.path + "[" + key + "]", cur: cur, depth: n.depth + 1, with: func(v any) map[string]any {
		parent := copyMap(m)
		parent[key] = v
		return n.with(parent)
	}}
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = runtime.DeepCopyJSONValue(v)
	}
	return out
}

// keywordChanges are the changes of n that break its schema's keywords.
func keywordChanges(n node) []change {
	s := n.s
	var out []change
	add := func(what, fragment string, v any) {
		out = append(out, change{what: n.path + " " + what, field: n.path, fragment: fragment, at: n, value: v})
	}
	if m, ok := n.cur.(map[string]any); ok {
		for _, r := range s.Required {
			p, ok := s.Properties[r]
			if _, set := m[r]; !ok || !set || p.Default != nil || n.depth == 0 && (r == "metadata" || r == "apiVersion" || r == "kind") {
				continue
			}
			v := copyMap(m)
			delete(v, r)
			out = append(out, change{what: join(n.path, r) + " is required", field: join(n.path, r), fragment: "Required value", at: n, value: v})
		}
	}
	if len(s.Enum) > 0 {
		add("outside its enum", "Unsupported value", outsideEnum(s))
	}
	if s.Maximum != nil {
		add(fmt.Sprintf("above its maximum (%v)", *s.Maximum), "less than", past(s, *s.Maximum, 1, s.ExclusiveMaximum))
	}
	if s.Minimum != nil {
		add(fmt.Sprintf("below its minimum (%v)", *s.Minimum), "greater than", past(s, *s.Minimum, -1, s.ExclusiveMinimum))
	}
	if m := ptrOr(s.MultipleOf, 0); m > 0 && !(s.Type == "integer" && m == 1) {
		add(fmt.Sprintf("not a multiple of %v", m), "multiple of", offMultiple(s, m))
	}
	lengthChanges(n, add)
	return out
}

// lengthChanges are the changes that break a node's bounds of length,
// pattern, format, items and properties, and list uniqueness.
func lengthChanges(n node, add func(what, fragment string, v any)) {
	s := n.s
	if s.MaxLength != nil {
		add(fmt.Sprintf("longer than %d", *s.MaxLength), "", strings.Repeat("a", int(*s.MaxLength)+1))
	}
	if ptrOr(s.MinLength, 0) > 0 {
		add(fmt.Sprintf("shorter than %d", *s.MinLength), "", strings.Repeat("a", int(*s.MinLength)-1))
	}
	if s.Pattern != "" {
		if v, ok := notMatching(s); ok {
			add(fmt.Sprintf("not matching %s", s.Pattern), "should match", v)
		}
	}
	if _, ok := formatSamples[s.Format]; ok && s.Type == "string" && s.Format != "password" {
		add("not a "+s.Format, "", "not a "+s.Format+"!")
	}
	if s.MaxItems != nil {
		add(fmt.Sprintf("with more than %d items", *s.MaxItems), "", listOf(s, *s.MaxItems+1))
	}
	if ptrOr(s.MinItems, 0) > 0 {
		add(fmt.Sprintf("with fewer than %d items", *s.MinItems), "", listOf(s, *s.MinItems-1))
	}
	if lt := ptrOr(s.XListType, ""); (lt == "set" || lt == "map") && itemsOf(s) != nil {
		item := sample(itemsOf(s))
		add("with a duplicate item", "Duplicate value", []any{item, runtime.DeepCopyJSONValue(item)})
	}
	if s.MaxProperties != nil && s.AdditionalProperties != nil {
		add(fmt.Sprintf("with more than %d entries", *s.MaxProperties), "", mapOf(s, *s.MaxProperties+1))
	}
	if ptrOr(s.MinProperties, 0) > 0 && s.AdditionalProperties != nil {
		add(fmt.Sprintf("with fewer than %d entries", *s.MinProperties), "", mapOf(s, *s.MinProperties-1))
	}
}

// outsideEnum is a value of s's type that is not in its enum.
func outsideEnum(s *apiextv1.JSONSchemaProps) any {
	if s.Type == "integer" || s.Type == "number" {
		high := 0.0
		for _, e := range s.Enum {
			var f float64
			if _, err := fmt.Sscan(string(e.Raw), &f); err == nil {
				high = math.Max(high, f)
			}
		}
		return int64(high) + 1
	}
	v := "NotInTheEnum"
	for slices.ContainsFunc(s.Enum, func(e apiextv1.JSON) bool { return string(e.Raw) == quote(v) }) {
		v += "X"
	}
	return v
}

// past is a number just past a bound (dir 1 above a maximum, -1 below a
// minimum), the bound itself when it is exclusive.
func past(s *apiextv1.JSONSchemaProps, bound, dir float64, exclusive bool) any {
	v := bound
	if !exclusive {
		v += dir
	}
	if s.Type == "integer" {
		return int64(v)
	}
	return v
}

// offMultiple is a value within s's bounds that is not a multiple of m.
func offMultiple(s *apiextv1.JSONSchemaProps, m float64) any {
	if s.Type == "integer" {
		return int64(m) + 1
	}
	return m * 1.5
}

// notMatching is a string of an allowed length the pattern does not
// match.
func notMatching(s *apiextv1.JSONSchemaProps) (string, bool) {
	re, err := regexp.Compile(s.Pattern)
	if err != nil {
		return "", false
	}
	for _, v := range []string{"!", "", "-", "_", "A", "0", "a b", "~~~~", "a!", "é"} {
		n := int64(len(v))
		if !re.MatchString(v) && n >= ptrOr(s.MinLength, 0) && (s.MaxLength == nil || n <= *s.MaxLength) {
			return v, true
		}
	}
	return "", false
}

// listOf is a list of n distinct sampled items.
func listOf(s *apiextv1.JSONSchemaProps, n int64) []any {
	out := []any{}
	for i := range n {
		out = append(out, nth(itemsOf(s), i))
	}
	return out
}

// mapOf is a map of n sampled entries.
func mapOf(s *apiextv1.JSONSchemaProps, n int64) map[string]any {
	out := map[string]any{}
	for i := range n {
		out[fmt.Sprintf("key%d", i+1)] = sample(s.AdditionalProperties.Schema)
	}
	return out
}

// tryChange makes a change and, when the server refuses it at the field,
// adds its case.
func (st *starter) tryChange(c change) {
	resp := st.create(c.at.with(c.value))
	if resp.Err == nil {
		st.skipped = append(st.skipped, c.what+" (the server accepts it)")
		return
	}
	msg := pick(causes(resp.Err), c.field, c.fragment)
	if msg == "" {
		st.skipped = append(st.skipped, c.what+" (the server's error is about another field)")
		return
	}
	st.add(starterCase{name: c.what, initial: c.at.with(c.value), expectedError: msg})
}

// pick is the cause at field (or below it: a duplicate item is reported
// at the item) that contains fragment, else the first there; "" when none
// is.
func pick(all []string, field, fragment string) string {
	var first string
	for _, c := range all {
		if !strings.HasPrefix(c, field+": ") && !strings.HasPrefix(c, field+"[") && !strings.HasPrefix(c, field+".") {
			continue
		}
		if strings.Contains(c, fragment) {
			return c
		}
		if first == "" {
			first = c
		}
	}
	return first
}

// add adds a failing case, unless its error is one a case already
// expects.
func (st *starter) add(c starterCase) {
	if !st.seen[c.expectedError] {
		st.seen[c.expectedError] = true
		st.cases = append(st.cases, c)
	}
}

// tryRule looks for a change of a field the rule mentions (or of the
// node itself) that breaks it, preferring one the server reports alone.
// The change starts from the node with every field the rule mentions set,
// which is also the initial object of a transition rule's update.
func (st *starter) tryRule(n node, rule apiextv1.ValidationRule) {
	field := n.path
	if rule.FieldPath != "" {
		field = strings.TrimPrefix(n.path+rule.FieldPath, ".")
	}
	want := rule.Message
	if want == "" && rule.MessageExpression == "" {
		want = "failed rule: "
	}
	transition := strings.Contains(rule.Rule, "oldSelf")
	full := n.withMentioned(rule.Rule)
	initial := full.with(full.cur)
	if transition && st.create(initial).Err != nil {
		full, initial = n, n.with(n.cur)
	}
	var found starterCase
	for _, v := range ruleCandidates(full, rule.Rule) {
		var resp Response
		if transition {
			resp = st.update(initial, v)
		} else {
			resp = st.create(v)
		}
		if resp.Err == nil {
			continue
		}
		all := causes(resp.Err)
		msg := pick(all, field, want)
		if msg == "" || !strings.Contains(msg, want) {
			continue
		}
		c := starterCase{name: fmt.Sprintf("%s breaks the rule %s", orRoot(n.path), rule.Rule), initial: v, expectedError: msg}
		if transition {
			c.initial, c.updated = initial, v
		}
		if len(all) == 1 {
			st.add(c)
			return
		}
		if found.name == "" {
			found = c
		}
	}
	if found.name == "" {
		st.skipped = append(st.skipped, fmt.Sprintf("the rule %s of %s (no one change crdgen tried breaks it)", rule.Rule, orRoot(n.path)))
		return
	}
	st.add(found)
}

// withMentioned is the node with every property the rule mentions set
// (to a sample, where the base object has none).
func (n node) withMentioned(rule string) node {
	m, ok := n.cur.(map[string]any)
	if !ok {
		return n
	}
	m = copyMap(m)
	for _, f := range celcost.FieldsMentioned(rule) {
		if p, ok := n.s.Properties[f]; ok && m[f] == nil {
			m[f] = sample(&p)
		}
	}
	n.cur = m
	return n
}

func orRoot(path string) string {
	if path == "" {
		return "the object"
	}
	return path
}

// ruleCandidates are the objects a rule is tried against: the node as it
// is, each field it mentions changed (or removed), or the node itself
// changed.
func ruleCandidates(n node, rule string) []map[string]any {
	out := []map[string]any{n.with(n.cur)}
	if len(n.s.Properties) > 0 {
		for _, f := range celcost.FieldsMentioned(rule) {
			p, ok := n.s.Properties[f]
			if !ok {
				continue
			}
			child := n.property(f, &p)
			for _, v := range append(alternatives(&p, child.cur), removed) {
				out = append(out, child.with(v))
			}
		}
		return out
	}
	for _, v := range alternatives(n.s, n.cur) {
		out = append(out, n.with(v))
	}
	return out
}

// alternatives are values of a schema's type other than cur.
func alternatives(s *apiextv1.JSONSchemaProps, cur any) []any {
	var out []any
	switch s.Type {
	case "string":
		out = []any{"", "a", "zzzzzzzzzzzz", "A", "0", "-", "a.b"}
		for _, e := range s.Enum {
			out = append(out, strings.Trim(string(e.Raw), `"`))
		}
	case "integer":
		out = []any{int64(0), int64(1), int64(-1), int64(2), int64(100), int64(1000000)}
	case "number":
		out = []any{0.0, 1.0, -1.0, 0.5, 1000000.0}
	case "boolean":
		out = []any{true, false}
	case "array":
		out = []any{[]any{}, listOf(s, 1), listOf(s, 2)}
	case "object":
		out = []any{map[string]any{}}
	}
	return slices.DeleteFunc(out, func(v any) bool { return fmt.Sprint(v) == fmt.Sprint(cur) })
}
