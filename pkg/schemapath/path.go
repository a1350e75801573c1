// Package schemapath names places in a CRD's OpenAPI schema and walks
// schemas: one path type, displayed one way everywhere (.spec.ports[*].name
// for people, .properties[spec].properties[ports].items for the API
// server's field paths), and one walker that every recursion over a schema
// goes through. It is a leaf of crdgen's data flow: schemagen, celcost and
// crddiff all use it.
package schemapath

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Path is a path from a schema's root: segments "properties[name]",
// "items" and "additionalProperties", as the API server writes them in
// field paths. The root is the empty path.
type Path []string

// Child returns the path with one more segment (a new slice: p is never
// changed, so paths can be shared).
func (p Path) Child(seg string) Path {
	q := make(Path, len(p)+1)
	copy(q, p)
	q[len(p)] = seg
	return q
}

// Property is the path of a property.
func (p Path) Property(name string) Path { return p.Child("properties[" + name + "]") }

// Items is the path of a list's items.
func (p Path) Items() Path { return p.Child("items") }

// Values is the path of a map's values.
func (p Path) Values() Path { return p.Child("additionalProperties") }

// Display writes the path as people read it: .spec.hosts[*].name, and "."
// for the root.
func (p Path) Display() string {
	var b strings.Builder
	for _, seg := range p {
		switch {
		case strings.HasPrefix(seg, "properties["):
			b.WriteString("." + seg[len("properties["):len(seg)-1])
		case seg == "items", seg == "additionalProperties":
			b.WriteString("[*]")
		}
	}
	if b.Len() == 0 {
		return "."
	}
	return b.String()
}

// ServerForm writes the path as the API server's field paths continue a
// schema's: .properties[spec].items ("" for the root).
func (p Path) ServerForm() string {
	if len(p) == 0 {
		return ""
	}
	return "." + strings.Join(p, ".")
}

// Split splits a field path at the dots outside brackets:
// "properties[a.b].items" is "properties[a.b]" and "items".
func Split(fieldPath string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(fieldPath); i++ {
		switch fieldPath[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '.':
			if depth == 0 {
				out = append(out, fieldPath[start:i])
				start = i + 1
			}
		}
	}
	return append(out, fieldPath[start:])
}

// IsSegment reports whether a field path segment is a schema step (and not
// a keyword such as maximum or x-kubernetes-validations[0]).
func IsSegment(seg string) bool {
	return strings.HasPrefix(seg, "properties[") || seg == "items" || seg == "additionalProperties"
}

// Walk calls visit on s and every schema below it, depth first, with its
// path: properties in name order, then a list's items, then a map's
// values, then allOf, anyOf, oneOf and not. When visit returns false, the
// nodes below that one are skipped. Walk only reads: a node visit changes
// may be a copy (a map's entries are). Edit is the walker that writes.
func Walk(s *apiextv1.JSONSchemaProps, visit func(s *apiextv1.JSONSchemaProps, at Path) bool) {
	walk(s, nil, visit, false)
}

// Edit is Walk for a visit that changes nodes: every change is kept.
func Edit(s *apiextv1.JSONSchemaProps, visit func(s *apiextv1.JSONSchemaProps, at Path) bool) {
	walk(s, nil, visit, true)
}

func walk(s *apiextv1.JSONSchemaProps, at Path, visit func(*apiextv1.JSONSchemaProps, Path) bool, edit bool) {
	if s == nil || !visit(s, at) {
		return
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		p := s.Properties[name]
		walk(&p, at.Property(name), visit, edit)
		if edit {
			s.Properties[name] = p
		}
	}
	if s.Items != nil {
		walk(s.Items.Schema, at.Items(), visit, edit)
		for i := range s.Items.JSONSchemas {
			walk(&s.Items.JSONSchemas[i], at.Child(fmt.Sprintf("items[%d]", i)), visit, edit)
		}
	}
	if s.AdditionalProperties != nil {
		walk(s.AdditionalProperties.Schema, at.Values(), visit, edit)
	}
	for _, l := range []struct {
		name string
		list []apiextv1.JSONSchemaProps
	}{{"allOf", s.AllOf}, {"anyOf", s.AnyOf}, {"oneOf", s.OneOf}} {
		for i := range l.list {
			walk(&l.list[i], at.Child(fmt.Sprintf("%s[%d]", l.name, i)), visit, edit)
		}
	}
	walk(s.Not, at.Child("not"), visit, edit)
}

// Has reports whether pred holds for s or any schema below it.
func Has(s *apiextv1.JSONSchemaProps, pred func(*apiextv1.JSONSchemaProps) bool) bool {
	found := false
	Walk(s, func(x *apiextv1.JSONSchemaProps, _ Path) bool {
		found = found || pred(x)
		return !found
	})
	return found
}
