package schemagen

// This file implements the way back from a place in a generated CRD to the
// Go source that made it: a schema path leads to a field, and a keyword at
// that path leads to the marker that set it. Errors from the API server's
// validation are reported there, not at a schema path.

import (
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// located is a schema node's origin: where to report, and the markers that
// shaped it (the field's, then its type's).
type located struct {
	pos     token.Position
	markers []markers.Marker
}

// locate follows a schema path from a kind's type to the field it names.
// It stops at the deepest node it can follow.
func locate(kind *model.Type, path schemapath.Path) located {
	cur := located{pos: kind.Pos, markers: kind.Markers}
	expr := kind.Underlying
	for _, seg := range path {
		switch {
		case strings.HasPrefix(seg, "properties["):
			f := findField(expr, seg[len("properties["):len(seg)-1])
			if f == nil {
				return cur
			}
			cur = located{pos: f.Pos, markers: append(append([]markers.Marker(nil), f.Markers...), typeMarkers(f.Type)...)}
			expr = f.Type
		case seg == "items":
			elem := elemOf(expr)
			if elem == nil {
				return cur
			}
			var ms []markers.Marker
			for _, m := range cur.markers {
				if it, ok := m.Value.(markers.Items); ok {
					m.Value = it.Value
					ms = append(ms, m)
				}
			}
			cur = located{pos: cur.pos, markers: append(ms, typeMarkers(elem)...)}
			expr = elem
		case seg == "additionalProperties":
			elem := mapElem(expr)
			if elem == nil {
				return cur
			}
			cur = located{pos: cur.pos, markers: typeMarkers(elem)}
			expr = elem
		}
	}
	return cur
}

// deref follows pointers and named types to a shape.
func deref(e model.TypeExpr) model.TypeExpr {
	end, _ := follow(e, pointers|underlying, nil)
	return end
}

// typeMarkers returns the markers of the named type of e and of the types
// its schema comes from: the type an alias stands for, the type a defined
// type is declared over, and so on.
func typeMarkers(e model.TypeExpr) []markers.Marker {
	var out []markers.Marker
	follow(e, pointers|bases, func(t *model.Type) bool { out = append(out, t.Markers...); return false })
	return out
}

// findField finds the field that gives a struct a JSON name, by
// encoding/json's rules for embedded structs (embedding.go).
func findField(e model.TypeExpr, name string) *model.Field {
	st, ok := deref(e).(*model.Struct)
	if !ok {
		return nil
	}
	cs := jsonCandidates(st)[name]
	if len(cs) == 0 {
		return nil
	}
	if w := winner(cs); w != nil {
		return w.field
	}
	return cs[0].field
}

func elemOf(e model.TypeExpr) model.TypeExpr {
	switch x := deref(e).(type) {
	case *model.Slice:
		return x.Elem
	case *model.Array:
		return x.Elem
	}
	return nil
}

func mapElem(e model.TypeExpr) model.TypeExpr {
	if m, ok := deref(e).(*model.Map); ok {
		return m.Elem
	}
	return nil
}

// markerFor returns the marker that set keyword (with an index for lists
// of rules), or false.
func markerFor(ms []markers.Marker, keyword string, index int) (markers.Marker, bool) {
	n := 0
	for _, m := range ms {
		r, _ := meaningOf(m.Value)
		for _, k := range r.keywords {
			if k != keyword {
				continue
			}
			if index < 0 || n == index {
				return m, true
			}
			n++
		}
	}
	return markers.Marker{}, false
}

// splitIndex splits "name[3]" into "name" and 3 (or -1 without an index).
func splitIndex(seg string) (string, int) {
	open := strings.IndexByte(seg, '[')
	if open < 0 || !strings.HasSuffix(seg, "]") {
		return seg, -1
	}
	n, err := strconv.Atoi(seg[open+1 : len(seg)-1])
	if err != nil {
		return seg, -1
	}
	return seg[:open], n
}

// Locate returns the Go position responsible for a field path of this CRD,
// as the API server reports paths ("spec.versions[0].schema.openAPIV3Schema
// .properties[spec].default", "spec.names.plural", ...).
func (c *CRD) Locate(fieldPath string) token.Position {
	segs := schemapath.Split(fieldPath)
	kind := c.Kinds[0]
	if len(segs) >= 2 && segs[0] == "spec" {
		if name, i := splitIndex(segs[1]); name == "versions" && i >= 0 && i < len(c.Kinds) {
			kind = c.Kinds[i]
			return locateInVersion(kind, segs[2:])
		}
		switch segs[1] {
		case "validation":
			if len(segs) >= 3 {
				return locateSchema(kind.Type, segs[3:])
			}
		case "names", "scope":
			if m, ok := firstOf[markers.Resource](c.Kinds); ok {
				return m.Pos
			}
		}
	}
	if len(segs) >= 1 && segs[0] == "metadata" {
		if m, ok := firstOf[markers.Metadata](c.Kinds); ok {
			return m.Pos
		}
	}
	return kind.Type.Pos
}

func firstOf[T any](kinds []*model.Kind) (markers.Marker, bool) {
	for _, k := range kinds {
		if _, m, ok := markers.First[T](k.Type.Markers); ok {
			return m, true
		}
	}
	return markers.Marker{}, false
}

// locateInVersion maps the rest of a spec.versions[i] path.
func locateInVersion(k *model.Kind, segs []string) token.Position {
	if len(segs) == 0 {
		return k.Type.Pos
	}
	name, i := splitIndex(segs[0])
	nth := func(t reflect.Type) token.Position {
		n := 0
		for _, m := range k.Type.Markers {
			if reflect.TypeOf(m.Value) == t {
				if n == i || i < 0 {
					return m.Pos
				}
				n++
			}
		}
		return k.Type.Pos
	}
	switch name {
	case "schema":
		if len(segs) >= 2 {
			return locateSchema(k.Type, segs[2:])
		}
	case "additionalPrinterColumns":
		return nth(reflect.TypeFor[markers.PrintColumn]())
	case "selectableFields":
		return nth(reflect.TypeFor[markers.SelectableField]())
	case "subresources":
		if len(segs) >= 2 && strings.HasPrefix(segs[1], "scale") {
			i = -1
			return nth(reflect.TypeFor[markers.SubresourceScale]())
		}
		i = -1
		return nth(reflect.TypeFor[markers.SubresourceStatus]())
	case "deprecationWarning", "deprecated":
		i = -1
		return nth(reflect.TypeFor[markers.DeprecatedVersion]())
	}
	return k.Type.Pos
}

// locateSchema maps a path below openAPIV3Schema: schema segments, then
// possibly a keyword (with an index for x-kubernetes-validations).
func locateSchema(kind *model.Type, segs []string) token.Position {
	var path schemapath.Path
	rest := segs
	for len(rest) > 0 {
		seg := rest[0]
		if strings.HasPrefix(seg, "properties[") || seg == "items" || seg == "additionalProperties" {
			path = append(path, seg)
			rest = rest[1:]
			continue
		}
		break
	}
	loc := locate(kind, path)
	if len(rest) == 0 {
		return loc.pos
	}
	keyword, index := splitIndex(rest[0])
	if m, ok := markerFor(loc.markers, keyword, index); ok {
		return m.Pos
	}
	if m, ok := markerFor(loc.markers, keyword, -1); ok {
		return m.Pos
	}
	return loc.pos
}

// Origin is where a node of a CRD's schema comes from in the Go source.
type Origin struct {
	// Pos is the field (or type) that declares the node.
	Pos token.Position
	// Markers are the markers that shaped the node: the field's, then its
	// type's (items: markers unwrapped for an items node).
	Markers []markers.Marker
	// Go is the Go type of the node, or nil when the path leaves the Go
	// types (inside a Schemaless field, for one).
	Go model.TypeExpr
}

// Origin follows a schema path (segments such as "properties[spec]",
// "items", "additionalProperties") of version i's schema back to Go.
func (c *CRD) Origin(version int, path schemapath.Path) Origin {
	k := c.Kinds[min(max(version, 0), len(c.Kinds)-1)]
	loc := locate(k.Type, path)
	return Origin{Pos: loc.pos, Markers: loc.markers, Go: findAt(k, path)}
}

// MarkerFor returns the marker of the node that set a schema keyword
// (maxLength, enum), if one did.
func (o Origin) MarkerFor(keyword string) (markers.Marker, bool) {
	return markerFor(o.Markers, keyword, -1)
}

// RuleMarker returns the marker that produced a CEL rule of a schema node:
// the XValidation marker with that rule, or the marker crdgen generated the
// rule from (+k8s:immutable, one-of markers). ok is false when no marker
// matches; o.Pos is then the best position.
func (c *CRD) RuleMarker(o Origin, rule string) (markers.Marker, bool) {
	for _, m := range o.Markers {
		r, _ := meaningOf(m.Value)
		if r.rules == nil {
			continue
		}
		rs, _ := r.rules(m.Value)
		if slices.ContainsFunc(rs, func(x apiextv1.ValidationRule) bool { return x.Rule == rule }) {
			return m, true
		}
	}
	// A parent rule that keeps an optional immutable field set comes from
	// the field's +k8s:immutable.
	if name, ok := strings.CutPrefix(rule, "!has(oldSelf."); ok {
		name, _, _ = strings.Cut(name, ")")
		if f := findField(o.Go, name); f != nil {
			if _, m, ok := markers.First[markers.Immutable](f.Markers); ok {
				return m, true
			}
		}
	}
	return markers.Marker{}, false
}
