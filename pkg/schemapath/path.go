package schemapath

// This file implements schema paths and how they are written.

import (
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
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

// Field returns the path as a field.Path below root, as the API server
// builds them: root.properties[spec].items.
func (p Path) Field(root *field.Path) *field.Path {
	f := root
	for _, seg := range p {
		name, index, ok := splitSegment(seg)
		switch {
		case !ok:
			f = f.Child(seg)
		case name == "properties":
			f = f.Child(name).Key(index)
		default:
			n, _ := strconv.Atoi(index)
			f = f.Child(name).Index(n)
		}
	}
	return f
}

// splitSegment splits "properties[a]" into properties and a, and
// "allOf[2]" into allOf and 2.
func splitSegment(seg string) (name, index string, ok bool) {
	open := strings.IndexByte(seg, '[')
	if open < 0 || !strings.HasSuffix(seg, "]") {
		return seg, "", false
	}
	return seg[:open], seg[open+1 : len(seg)-1], true
}

// IsSegment reports whether a field path segment is a schema step (and not
// a keyword such as maximum or x-kubernetes-validations[0]).
func IsSegment(seg string) bool {
	return strings.HasPrefix(seg, "properties[") || seg == "items" || seg == "additionalProperties"
}
