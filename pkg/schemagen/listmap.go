package schemagen

// This file checks that the keys of map lists name fields of their items.

import (
	"fmt"
	"maps"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// checkListMapKeys reports the +listMapKey markers of a node of a kind's
// schema (at path) that name no field of the list's items, at the marker,
// with the closest field name.
func (g *gen) checkListMapKeys(k *model.Kind, s *apiextv1.JSONSchemaProps, path schemapath.Path) {
	if len(s.XListMapKeys) == 0 || s.Items == nil || s.Items.Schema == nil {
		return
	}
	items := s.Items.Schema
	for i, key := range s.XListMapKeys {
		if _, ok := items.Properties[key]; ok {
			continue
		}
		names := slices.Sorted(maps.Keys(items.Properties))
		loc := locate(k.Type, path)
		pos := loc.pos
		if m, ok := markerFor(loc.markers, "x-kubernetes-list-map-keys", i); ok {
			pos = m.Pos
		}
		d := markers.Diagnostic{Pos: pos, Code: markers.CodeSchema,
			Msg: fmt.Sprintf("+listMapKey: no field %q in the items of %s%s", key, path.Display(), didYouMean(key, names))}
		if elem := elemOf(findAt(k, path)); elem != nil {
			if n, ok := elem.(*model.Named); ok {
				d.Related = []markers.Related{{Pos: n.Type.Pos, Msg: n.Type.Ident.Name + " is declared here"}}
			}
		}
		g.diags.Add(d)
	}
}

// findAt returns the Go type at a schema path, or nil.
func findAt(k *model.Kind, path schemapath.Path) model.TypeExpr {
	var expr model.TypeExpr = &model.Named{Type: k.Type}
	for _, seg := range path {
		switch {
		case len(seg) > len("properties[") && seg[:len("properties[")] == "properties[":
			f := findField(expr, seg[len("properties["):len(seg)-1])
			if f == nil {
				return nil
			}
			expr = f.Type
		case seg == "items":
			expr = elemOf(expr)
		case seg == "additionalProperties":
			expr = mapElem(expr)
		}
		if expr == nil {
			return nil
		}
	}
	return expr
}
