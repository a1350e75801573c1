package schemagen

// This file implements encoding/json's rules for the fields of embedded
// structs, so that a schema describes what Go writes: of the fields with
// one JSON name, the shallowest wins (an outer field shadows an embedded
// one, whose markers and description then play no part); at the same
// depth a tagged field wins over untagged ones; two or more left at the
// same depth cancel out, and encoding/json writes none of them, which
// crdgen reports as an error.

import (
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// candidate is one field that gives a struct a JSON name.
type candidate struct {
	field *model.Field
	// via is the struct's own field it comes through: the field itself, or
	// the embedded field it is promoted from.
	via    *model.Field
	depth  int
	tagged bool
}

// jsonCandidates collects, by JSON name, the fields a struct's JSON object
// has: its own and those of its inline embedded structs, with their depth.
func jsonCandidates(st *model.Struct) map[string][]candidate {
	out := map[string][]candidate{}
	var walk func(st *model.Struct, via *model.Field, depth int, seen map[*model.Type]bool)
	walk = func(st *model.Struct, via *model.Field, depth int, seen map[*model.Type]bool) {
		for _, f := range st.Fields {
			name, inline, ok := fieldJSONName(f)
			if !ok {
				continue
			}
			top := via
			if top == nil {
				top = f
			}
			if inline {
				inner, t := embeddedStruct(f.Type)
				if inner == nil || seen[t] {
					continue
				}
				next := withType(seen, t)
				walk(inner, top, depth+1, next)
				continue
			}
			out[name] = append(out[name], candidate{field: f, via: top, depth: depth, tagged: f.JSONName != ""})
		}
	}
	walk(st, nil, 0, map[*model.Type]bool{})
	return out
}

// withType returns seen with t added, leaving seen as it is.
func withType(seen map[*model.Type]bool, t *model.Type) map[*model.Type]bool {
	next := make(map[*model.Type]bool, len(seen)+1)
	for k := range seen {
		next[k] = true
	}
	if t != nil {
		next[t] = true
	}
	return next
}

// embeddedStruct returns the struct an inline field embeds (through
// pointers and names) and its named type, or nil.
func embeddedStruct(e model.TypeExpr) (*model.Struct, *model.Type) {
	var named *model.Type
	end, ok := follow(e, pointers|underlying, func(t *model.Type) bool { named = t; return false })
	if st, isStruct := end.(*model.Struct); ok && isStruct {
		return st, named
	}
	return nil, nil
}

// fieldJSONName is jsonName without diagnostics.
func fieldJSONName(f *model.Field) (name string, inline, ok bool) {
	switch {
	case f.Ignored, !f.Exported && !f.Embedded, !f.HasJSONTag && !f.Embedded:
		return "", false, false
	case f.Inline && isStructLike(f.Type):
		return "", true, true
	case f.JSONName == "":
		return f.GoName, false, true
	}
	return f.JSONName, false, true
}

// winner picks the field encoding/json writes for a name, or nil when the
// shallowest ones cancel out.
func winner(cs []candidate) *candidate {
	best := cs[0].depth
	for _, c := range cs {
		best = min(best, c.depth)
	}
	var top []candidate
	tagged := false
	for _, c := range cs {
		if c.depth == best {
			top = append(top, c)
			tagged = tagged || c.tagged
		}
	}
	if tagged {
		var onlyTagged []candidate
		for _, c := range top {
			if c.tagged {
				onlyTagged = append(onlyTagged, c)
			}
		}
		top = onlyTagged
	}
	if len(top) != 1 {
		return nil
	}
	return &top[0]
}

// embedding is what encoding/json's rules decide for one struct: the names
// each embedded field must not give the object (a shallower or tagged
// field of that name wins), by embedded field.
type embedding struct {
	hidden map[*model.Field]map[string]bool
}

// resolveEmbedding applies encoding/json's rules to a struct's fields,
// with the names the struct's own parents hide (hidden), and reports the
// names that cancel out. The struct's own fields of one name at the same
// depth are reported by structSchema.
func (g *gen) resolveEmbedding(st *model.Struct, hidden map[string]bool, at site) embedding {
	e := embedding{hidden: map[*model.Field]map[string]bool{}}
	for name, cs := range jsonCandidates(st) {
		w := winner(cs)
		if w == nil && cs[0].depth > 0 {
			g.reportCancelled(name, cs, at)
		}
		for _, c := range cs {
			if c.depth == 0 {
				continue
			}
			if hidden[name] || w == nil || w.via != c.via {
				set := e.hidden[c.via]
				if set == nil {
					set = map[string]bool{}
					e.hidden[c.via] = set
				}
				set[name] = true
			}
		}
	}
	// What the parents hide is hidden in every embedded struct too.
	for _, f := range st.Fields {
		if _, inline, ok := fieldJSONName(f); ok && inline {
			set := e.hidden[f]
			for name := range hidden {
				if set == nil {
					set = map[string]bool{}
					e.hidden[f] = set
				}
				set[name] = true
			}
		}
	}
	return e
}

// reportCancelled reports fields of one name that cancel out.
func (g *gen) reportCancelled(name string, cs []candidate, at site) {
	best := cs[0].depth
	for _, c := range cs {
		best = min(best, c.depth)
	}
	var same []candidate
	for _, c := range cs {
		if c.depth == best {
			same = append(same, c)
		}
	}
	if len(same) < 2 {
		return
	}
	a, b := same[0], same[1]
	g.diags.Add(markers.Diagnostic{Pos: b.field.Pos, Code: markers.CodeGoType,
		Msg: fmt.Sprintf("field %s (from embedded %s) and field %s (from embedded %s) of %s both have the JSON name %q at the same depth, so encoding/json writes neither; rename one, or leave one out with `json:\"-\"`",
			b.field.GoName, b.via.GoName, a.field.GoName, a.via.GoName, at.what, name),
		Related: []markers.Related{{Pos: a.field.Pos, Msg: "other field named " + name}}})
}

// inlineSchema builds the schema of an embedded struct directly, without
// the names hidden there (see resolveEmbedding), with its type's markers.
func (g *gen) inlineSchema(f *model.Field, at site, hidden map[string]bool) *apiextv1.JSONSchemaProps {
	inner, named := embeddedStruct(f.Type)
	inAt := site{owner: at.owner, pos: f.Pos, what: at.what, hidden: hidden}
	if named != nil {
		inAt.owner, inAt.what = named, "type "+named.Ident.Name
	}
	s := g.structSchema(inner, inAt)
	if named != nil {
		g.applyMarkers(named.Markers, s, inAt.what, named)
	}
	return s
}
