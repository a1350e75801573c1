package apidocs

// This file implements what a schema node says of its value, as the
// items of a field's Validation cell or a type's Validation list: bounds,
// enum values, pattern, format, list and map types, CEL rules with their
// messages, and the rest of the keywords crdgen writes.

import (
	"bytes"
	"encoding/json"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/model"
)

// constraints are the items of a node, in a fixed order: the node's own
// keywords, then those of its items and values. expr is the Go type at the
// node (what its items and values are); s the build.
func (g *gen) constraints(n *apiextv1.JSONSchemaProps, expr model.TypeExpr, s int) []string {
	if n == nil {
		return nil
	}
	out := keywords(n)
	out = append(out, g.combinators(n, s)...)
	for _, r := range n.XValidations {
		out = append(out, rule(r))
	}
	out = append(out, annotations(n)...)
	elem := elemOf(expr)
	if sub := g.nested(items(n), elem, s); sub != "" {
		out = append(out, "each item: "+sub)
	}
	if sub := g.nested(values(n), elem, s); sub != "" {
		out = append(out, "each value: "+sub)
	}
	return out
}

// nested says what a list's items or a map's values are held to: their
// enum and constraints, less those of their struct type (which its
// section lists), in brackets when there are several.
func (g *gen) nested(n *apiextv1.JSONSchemaProps, expr model.TypeExpr, s int) string {
	if n == nil {
		return ""
	}
	var out []string
	if e := enumValues(n); len(e) > 0 {
		out = append(out, "enum: "+strings.Join(e, ", "))
	}
	out = append(out, g.siteConstraints(n, expr, s)...)
	if len(out) > 1 {
		return "(" + strings.Join(out, "; ") + ")"
	}
	return strings.Join(out, "")
}

// siteConstraints are a node's constraints less those of the struct type
// it is an instance of (a CEL rule of the type is said once, in its
// section).
func (g *gen) siteConstraints(n *apiextv1.JSONSchemaProps, expr model.TypeExpr, s int) []string {
	all := g.constraints(n, expr, s)
	own := g.ownConstraints(structType(g, expr), s)
	if len(own) == 0 {
		return all
	}
	var out []string
	for _, c := range all {
		if !contains(own, c) {
			out = append(out, c)
		}
	}
	return out
}

// ownConstraints are the constraints of a type in build s: those every
// place it is used in has (a marker on one field that uses it is that
// field's, not the type's).
func (g *gen) ownConstraints(td *typeDoc, s int) []string {
	if td == nil || s < 0 || len(td.sites[s]) == 0 {
		return nil
	}
	if td.own == nil {
		td.own = make([]*[]string, len(g.builds))
	}
	if td.own[s] != nil {
		return *td.own[s]
	}
	out := g.constraints(td.sites[s][0], td.t.Underlying, s)
	for _, n := range td.sites[s][1:] {
		other := g.constraints(n, td.t.Underlying, s)
		out = keep(out, func(c string) bool { return contains(other, c) })
	}
	td.own[s] = &out
	return out
}

// ownEnum is the enum values every place a type is used in has.
func (td *typeDoc) ownEnum(s int) []string {
	if len(td.sites[s]) == 0 {
		return nil
	}
	out := enumValues(td.sites[s][0])
	for _, n := range td.sites[s][1:] {
		other := enumValues(n)
		out = keep(out, func(v string) bool { return contains(other, v) })
	}
	return out
}

// structType is the documented struct type expr names, if it names one.
func structType(g *gen, expr model.TypeExpr) *typeDoc {
	n, ok := deref(expr).(*model.Named)
	if !ok {
		return nil
	}
	td := g.types[resolve(n.Type)]
	if td == nil {
		return nil
	}
	if _, ok := td.t.Underlying.(*model.Struct); !ok {
		return nil
	}
	return td
}

// elemOf is the Go type of a list's items or a map's values.
func elemOf(expr model.TypeExpr) model.TypeExpr {
	switch e := deref(expr).(type) {
	case *model.Named:
		if t := resolve(e.Type); t.Underlying != nil && !t.WellKnown {
			return elemOf(t.Underlying)
		}
	case *model.Slice:
		return e.Elem
	case *model.Array:
		return e.Elem
	case *model.Map:
		return e.Elem
	}
	return nil
}

// keywords are a node's bounds and shape keywords.
func keywords(n *apiextv1.JSONSchemaProps) []string {
	var out []string
	add := func(label, value string) { out = append(out, label+": "+value) }
	if n.Format != "" {
		add("format", code(n.Format))
	}
	if n.Pattern != "" {
		add("pattern", code(n.Pattern))
	}
	bound := func(label string, v *float64, exclusive bool) {
		if v != nil {
			s := code(number(*v))
			if exclusive {
				s += " (exclusive)"
			}
			add(label, s)
		}
	}
	bound("minimum", n.Minimum, n.ExclusiveMinimum)
	bound("maximum", n.Maximum, n.ExclusiveMaximum)
	bound("multiple of", n.MultipleOf, false)
	count := func(label string, v *int64) {
		if v != nil {
			add(label, code(strconv.FormatInt(*v, 10)))
		}
	}
	count("min length", n.MinLength)
	count("max length", n.MaxLength)
	count("min items", n.MinItems)
	count("max items", n.MaxItems)
	if n.UniqueItems {
		out = append(out, "unique items")
	}
	count("min properties", n.MinProperties)
	count("max properties", n.MaxProperties)
	if n.Nullable {
		out = append(out, "nullable")
	}
	if n.XListType != nil {
		s := "list type: " + code(*n.XListType)
		if len(n.XListMapKeys) > 0 {
			s += ", keys: " + codes(n.XListMapKeys)
		}
		out = append(out, s)
	}
	if n.XMapType != nil {
		add("map type", code(*n.XMapType))
	}
	if n.XPreserveUnknownFields != nil && *n.XPreserveUnknownFields {
		out = append(out, "unknown fields kept")
	}
	if n.XEmbeddedResource {
		out = append(out, "embedded resource")
	}
	return out
}

// combinators are a node's oneOf, anyOf, allOf and not, each branch said
// in brackets. IntOrString's anyOf of an integer and a string is its type.
func (g *gen) combinators(n *apiextv1.JSONSchemaProps, s int) []string {
	var out []string
	list := func(label, join string, branches []apiextv1.JSONSchemaProps) {
		if len(branches) == 0 {
			return
		}
		var parts []string
		for i := range branches {
			parts = append(parts, "("+g.branch(&branches[i], s)+")")
		}
		out = append(out, label+": "+strings.Join(parts, join))
	}
	list("one of", " or ", n.OneOf)
	if !n.XIntOrString {
		list("any of", " or ", n.AnyOf)
	}
	list("all of", " and ", n.AllOf)
	if n.Not != nil {
		out = append(out, "not: ("+g.branch(n.Not, s)+")")
	}
	return out
}

// branch says what one branch of a combinator asks.
func (g *gen) branch(n *apiextv1.JSONSchemaProps, s int) string {
	var parts []string
	if n.Type != "" {
		parts = append(parts, "type: "+code(n.Type))
	}
	if len(n.Required) > 0 {
		parts = append(parts, "required: "+codes(n.Required))
	}
	if e := enumValues(n); len(e) > 0 {
		parts = append(parts, "enum: "+strings.Join(e, ", "))
	}
	parts = append(parts, g.constraints(n, nil, s)...)
	for _, name := range sortedKeys(n.Properties) {
		p := n.Properties[name]
		parts = append(parts, code(name)+" ("+g.branch(&p, s)+")")
	}
	if len(parts) == 0 {
		return "anything"
	}
	return strings.Join(parts, ", ")
}

// rule says a CEL rule and what comes with it.
func rule(r apiextv1.ValidationRule) string {
	s := "rule: " + code(r.Rule)
	if r.Message != "" {
		s += "; message: " + text(r.Message)
	}
	if r.MessageExpression != "" {
		s += "; message expression: " + code(r.MessageExpression)
	}
	if r.Reason != nil {
		s += "; reason: " + code(string(*r.Reason))
	}
	if r.FieldPath != "" {
		s += "; field path: " + code(r.FieldPath)
	}
	if r.OptionalOldSelf != nil && *r.OptionalOldSelf {
		s += "; optional old self"
	}
	return s
}

// webURL matches an external documentation address that can be a link.
var webURL = regexp.MustCompile(`^https?://[^\s()<>\[\]\x60|]+$`)

// annotations are a node's title, example and external documentation.
func annotations(n *apiextv1.JSONSchemaProps) []string {
	var out []string
	if n.Title != "" {
		out = append(out, "title: "+text(n.Title))
	}
	if n.Example != nil {
		out = append(out, "example: "+code(jsonText(n.Example.Raw)))
	}
	if d := n.ExternalDocs; d != nil {
		label := d.Description
		if label == "" {
			label = d.URL
		}
		if webURL.MatchString(d.URL) {
			out = append(out, "see: "+link(text(label), d.URL))
		} else {
			out = append(out, "see: "+text(d.Description)+" "+code(d.URL))
		}
	}
	return out
}

// enumValues are a node's enum values, each as JSON in a code span.
func enumValues(n *apiextv1.JSONSchemaProps) []string {
	var out []string
	for _, v := range n.Enum {
		out = append(out, code(jsonText(v.Raw)))
	}
	return out
}

// jsonText is a JSON value written compactly, keys sorted, and '<', '>'
// and '&' as themselves (it goes in a code span).
func jsonText(raw []byte) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return string(raw)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return string(raw)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// number writes a bound as a person would: 10, 0.5, 1e+30.
func number(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// codes is a list of code spans.
func codes(list []string) string {
	var out []string
	for _, s := range list {
		out = append(out, code(s))
	}
	return strings.Join(out, ", ")
}

// sortedKeys are a map's keys, sorted.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// keep returns the elements of list that f keeps, in order.
func keep(list []string, f func(string) bool) []string {
	var out []string
	for _, x := range list {
		if f(x) {
			out = append(out, x)
		}
	}
	return out
}
