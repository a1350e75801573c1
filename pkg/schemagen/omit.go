package schemagen

// This file implements leaving descriptions out of a kind's schema where
// the author says so: +kubebuilder:skip:description and
// +crdgen:descriptions on a field, a type or a package, and crdgen.yaml's
// descriptions.omit for types whose sources cannot carry markers (other
// modules'). It runs on the flattened schema, walking it beside the Go
// types it came from, since a field's subtree is only whole there. Only
// descriptions change, so validation never does.
//
// Where more than one place speaks, the nearest wins: a field's markers,
// then its type's (and the types that type is declared over), then the
// type's package, then crdgen.yaml; and a node no place speaks of is as
// its parent. Left out by its type, a field keeps its own doc.

import (
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// say is what a place says of descriptions.
type say int8

const (
	silent say = iota
	omit
	keep
)

// omitter decides which descriptions are left out.
type omitter struct {
	// types and pkgs are crdgen.yaml's descriptions.omit: import
	// path.Type, and import paths (path.*).
	types, pkgs map[string]bool
}

// newOmitter returns the omitter of crdgen.yaml's patterns, or nil when
// neither they nor any marker of the model leaves a description out.
func newOmitter(m *model.Model, patterns []string) *omitter {
	o := &omitter{types: map[string]bool{}, pkgs: map[string]bool{}}
	for _, p := range patterns {
		if path, ok := strings.CutSuffix(p, ".*"); ok {
			o.pkgs[path] = true
		} else {
			o.types[p] = true
		}
	}
	if len(patterns) > 0 || modelSpeaks(m) {
		return o
	}
	return nil
}

// modelSpeaks reports whether a marker of the model speaks of
// descriptions.
func modelSpeaks(m *model.Model) bool {
	for _, p := range m.Packages {
		if saysOf(p.Markers) != silent {
			return true
		}
		for _, t := range p.Types {
			if saysOf(t.Markers) != silent {
				return true
			}
			if st, ok := t.Underlying.(*model.Struct); ok {
				for _, f := range st.Fields {
					if saysOf(f.Markers) != silent {
						return true
					}
				}
			}
		}
	}
	return false
}

// saysOf reads the description markers of one place.
func saysOf(ms []markers.Marker) say {
	for _, m := range ms {
		switch v := m.Value.(type) {
		case markers.SkipDescription:
			return omit
		case markers.Descriptions:
			if v.Value {
				return keep
			}
			return omit
		}
	}
	return silent
}

// typeSays is what a named type, its package and crdgen.yaml say.
func (o *omitter) typeSays(t *model.Type) say {
	if s := saysOf(t.Markers); s != silent {
		return s
	}
	if o.types[t.Ident.String()] {
		return omit
	}
	if t.Package != nil {
		if s := saysOf(t.Package.Markers); s != silent {
			return s
		}
	}
	if o.pkgs[string(t.Ident.ImportPath)] {
		return omit
	}
	return silent
}

// exprSays is what the named types of a type expression say, the
// outermost first: *T, T, then the type T is declared over.
func (o *omitter) exprSays(e model.TypeExpr) say {
	s := silent
	if e == nil {
		return s
	}
	follow(e, pointers|bases, func(t *model.Type) bool {
		s = o.typeSays(t)
		return s != silent
	})
	return s
}

// apply leaves out the descriptions of a kind's schema that the model and
// crdgen.yaml say to.
func (o *omitter) apply(k *model.Kind, s *apiextv1.JSONSchemaProps) {
	o.node(s, k.Type.Underlying, o.typeSays(k.Type) == omit)
}

// node clears s's description when omitting, and goes on below; expr is
// its Go type (nil where the schema leaves the Go types).
func (o *omitter) node(s *apiextv1.JSONSchemaProps, expr model.TypeExpr, omitting bool) {
	if omitting {
		s.Description = ""
	}
	for name, p := range s.Properties {
		var f *model.Field
		if expr != nil {
			f = findField(expr, name)
		}
		childOmits, own := omitting, ""
		var next model.TypeExpr
		if f != nil {
			next = f.Type
			if ts := o.exprSays(f.Type); ts != silent {
				childOmits = ts == omit
				// Left out from here on by its type, the field keeps
				// its own doc (none is kept inside a region left out).
				if childOmits && !omitting && f.Doc != "" {
					own = p.Description
				}
			}
			if fs := saysOf(f.Markers); fs != silent {
				childOmits, own = fs == omit, ""
			}
		}
		o.node(&p, next, childOmits)
		if own != "" {
			p.Description = own
		}
		s.Properties[name] = p
	}
	o.below(s, expr, omitting)
}

// below goes on into a schema's items, values and combinations.
func (o *omitter) below(s *apiextv1.JSONSchemaProps, expr model.TypeExpr, omitting bool) {
	child := func(c *apiextv1.JSONSchemaProps, e model.TypeExpr) {
		if e == nil || expr == nil {
			o.node(c, nil, omitting)
			return
		}
		if ts := o.exprSays(e); ts != silent {
			o.node(c, e, ts == omit)
			return
		}
		o.node(c, e, omitting)
	}
	if s.Items != nil {
		if s.Items.Schema != nil {
			var e model.TypeExpr
			if expr != nil {
				e = elemOf(expr)
			}
			child(s.Items.Schema, e)
		}
		for i := range s.Items.JSONSchemas {
			o.node(&s.Items.JSONSchemas[i], nil, omitting)
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		var e model.TypeExpr
		if expr != nil {
			e = mapElem(expr)
		}
		child(s.AdditionalProperties.Schema, e)
	}
	for _, list := range [][]apiextv1.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf} {
		for i := range list {
			o.node(&list[i], nil, omitting)
		}
	}
	if s.Not != nil {
		o.node(s.Not, nil, omitting)
	}
}
