package schemagen

// This file implements struct schemas: properties, required fields, inline
// embedding and the rules generated for immutable fields.

import (
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// structSchema builds the schema of a struct. Embedded structs go into allOf
// and are merged by flattening; required fields are sorted by name, as
// controller-gen sorts them.
func (g *gen) structSchema(st *model.Struct, at site) *apiextv1.JSONSchemaProps {
	props := &apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{}}
	owner := at.owner
	var ownerMarkers []markers.Marker
	if owner != nil && at.what == "type "+owner.Ident.Name {
		ownerMarkers = owner.Markers
	}
	oneOf := g.oneOfFields(ownerMarkers, st, at)
	optionalByDefault := owner != nil && owner.Package != nil && markers.Has[markers.KubebuilderOptional](owner.Package.Markers)

	var immutable []string
	seen := map[string]*model.Field{}
	emb := g.resolveEmbedding(st, at.hidden, at)
	for _, f := range st.Fields {
		name, inline, ok := g.jsonName(f, at)
		if !ok || !inline && at.hidden[name] {
			continue
		}
		fm := f.Markers
		fieldSite := site{owner: owner, pos: f.Pos, what: fmt.Sprintf("field %q", f.GoName)}
		if owner != nil {
			fieldSite.what += " of " + owner.Ident.Name
		}
		if !inline {
			if prev, dup := seen[name]; dup {
				g.diags.Add(markers.Diagnostic{Pos: f.Pos, Code: markers.CodeGoType,
					Msg:     fmt.Sprintf("field %s and field %s both have the JSON name %q", f.GoName, prev.GoName, name),
					Related: []markers.Related{{Pos: prev.Pos, Msg: "other field named " + name}}})
				continue
			}
			seen[name] = f
			if g.isRequired(f, fm, inline, optionalByDefault, oneOf[name], name) {
				props.Required = append(props.Required, name)
			}
		}

		var fs *apiextv1.JSONSchemaProps
		switch s, preserved := preservedAny(f, fm); {
		case markers.Has[markers.Schemaless](fm):
			fs = &apiextv1.JSONSchemaProps{}
		case preserved:
			fs = s
		case inline && len(emb.hidden[f]) > 0:
			fs = g.inlineSchema(f, fieldSite, emb.hidden[f])
		case f.JSONString && quotable(f.Type):
			// encoding/json writes it as a string.
			fs = &apiextv1.JSONSchemaProps{Type: "string"}
		default:
			fs = g.exprSchema(f.Type, fieldSite)
		}
		fs.Description = f.Doc
		g.applyMarkers(fm, fs, fieldSite.what, owner)
		g.forbid(fm, f, fs, props, name, fieldSite, owner)
		g.updateRules(fm, f, fs, props, name, fieldSite, owner)

		if inline {
			props.AllOf = append(props.AllOf, *fs)
			continue
		}
		if markers.Has[markers.Immutable](fm) {
			immutable = append(immutable, name)
		}
		props.Properties[name] = *fs
	}
	slices.Sort(props.Required)

	// The rule on an optional immutable field does not run when the field is
	// removed, so the parent forbids removing it once set.
	for _, name := range immutable {
		if slices.Contains(props.Required, name) {
			continue
		}
		props.XValidations = append(props.XValidations, apiextv1.ValidationRule{
			Rule:    fmt.Sprintf("!has(oldSelf.%s) || has(self.%s)", name, name),
			Message: fmt.Sprintf("field %s is immutable once set", name),
		})
	}
	return props
}

// jsonName returns the JSON name of a field and whether it is inlined. ok is
// false for fields that do not appear in JSON.
func (g *gen) jsonName(f *model.Field, at site) (name string, inline, ok bool) {
	switch {
	case f.Ignored:
		return "", false, false
	case !f.Exported && !f.Embedded:
		// encoding/json never reads or writes unexported fields.
		return "", false, false
	case !f.HasJSONTag && !f.Embedded:
		g.diags.Errorf(f.Pos, markers.CodeGoType,
			"field %s has no json tag; add `json:\"%s\"` (or `json:\"-\"` to leave it out)", f.GoName, lowerFirst(f.GoName))
		return "", false, false
	case f.IgnoredJSONName != "" && at.owner != nil && at.owner.Package != nil && at.owner.Package.Local:
		g.diags.Warnf(f.Pos, markers.CodeGoType,
			"the json tag's name %q of field %s has a character encoding/json does not accept in a name (quotes, backslashes, control characters), so it writes the field as %q, and so does the schema",
			f.IgnoredJSONName, f.GoName, f.GoName)
	}
	if f.Inline {
		if isStructLike(f.Type) {
			return "", true, true
		}
		// encoding/json only merges embedded structs; anything else keeps
		// its type's name.
		return f.GoName, false, true
	}
	if f.JSONName == "" {
		return f.GoName, false, true
	}
	return f.JSONName, false, true
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// quotable reports whether encoding/json's ",string" option applies to a
// type: a string, number or boolean, or a pointer to one.
func quotable(e model.TypeExpr) bool {
	if p, ok := e.(*model.Pointer); ok {
		e = p.Elem
	}
	// One pointer only, then names down to the first that marshals itself.
	e, _ = follow(e, underlying, func(t *model.Type) bool { return t.JSONMarshaler || t.TextMarshaler })
	b, ok := e.(*model.Basic)
	return ok && (b.Name == "string" || b.Name == "bool" || b.IsInteger() || b.IsFloat())
}

// isStructLike reports whether a type is a struct, through pointers and names.
func isStructLike(e model.TypeExpr) bool {
	end, ok := follow(e, pointers|underlying, nil)
	if !ok {
		return false
	}
	switch x := end.(type) {
	case *model.Named: // a well-known type, with no Underlying
		_, known := wellKnownSchema(x.Type.Ident)
		return !known
	case *model.Struct:
		return true
	}
	return false
}

// isRequired decides whether a field is required. The first rule that
// matches wins, as in controller-gen: +kubebuilder:validation:Optional,
// +kubebuilder:validation:Required, +optional/+k8s:optional,
// +required/+k8s:required (of ms, the field's markers), then
// the package default (required unless omitempty, omitzero or inline).
func (g *gen) isRequired(f *model.Field, ms []markers.Marker, inline, optionalByDefault, inOneOf bool, name string) bool {
	required := func(explicit bool) bool {
		if inOneOf {
			pos := f.Pos
			msg := fmt.Sprintf("field %s is part of a one-of constraint and cannot be required", name)
			if !explicit {
				msg = fmt.Sprintf("field %s is part of a one-of constraint, so it must be optional: add omitempty (or omitzero) to its json tag, or +optional", name)
			}
			g.diags.Errorf(pos, markers.CodeSchema, "%s", msg)
			return false
		}
		return true
	}
	switch {
	case markers.Has[markers.KubebuilderOptional](ms):
		return false
	case markers.Has[markers.KubebuilderRequired](ms):
		return required(true)
	case markers.Has[markers.Optional](ms):
		return false
	case markers.Has[markers.Required](ms), markers.Has[markers.K8sRequired](ms):
		return required(true)
	case optionalByDefault:
		return false
	case !inline && !f.OmitEmpty && !f.OmitZero:
		return required(false)
	}
	return false
}

// oneOfFields returns the JSON names used in the one-of markers of a
// struct's type, and checks that they name fields of the struct.
func (g *gen) oneOfFields(ms []markers.Marker, st *model.Struct, at site) map[string]bool {
	out := map[string]bool{}
	var names []string
	for _, f := range st.Fields {
		if f.JSONName != "" && !f.Ignored {
			names = append(names, f.JSONName)
		}
	}
	for _, m := range ms {
		var fields []string
		switch v := m.Value.(type) {
		case markers.ExactlyOneOf:
			fields = v.Value
		case markers.AtMostOneOf:
			fields = v.Value
		case markers.AtLeastOneOf:
			fields = v.Value
		default:
			continue
		}
		for _, name := range fields {
			out[name] = true
			if strings.Contains(name, ".") {
				g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+%s: %q names a nested field; one-of markers take fields of %s itself", m.Name, name, at.owner.Ident.Name)
				continue
			}
			if !slices.Contains(names, name) {
				hint := ""
				if s := markers.Suggest(name, names); s != "" {
					hint = fmt.Sprintf(", did you mean %q", s)
				}
				g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+%s: %s has no field with JSON name %q%s", m.Name, at.owner.Ident.Name, name, hint)
			}
		}
	}
	return out
}

// preservedAny is the schema of an interface field, or a map of interface
// values, that +kubebuilder:pruning:PreserveUnknownFields makes valid on its
// own: no type (a map is an object), and the marker, applied after, keeps
// whatever the value holds. Without the marker such a field is an error.
// ms are the field's markers.
func preservedAny(f *model.Field, ms []markers.Marker) (*apiextv1.JSONSchemaProps, bool) {
	if !markers.Has[markers.XPreserveUnknownFields](ms) {
		return nil, false
	}
	switch x := deref(f.Type).(type) {
	case *model.Interface:
		return &apiextv1.JSONSchemaProps{}, true
	case *model.Map:
		if _, ok := x.Elem.(*model.Interface); ok && jsonKey(x.Key) {
			return &apiextv1.JSONSchemaProps{Type: "object"}, true
		}
	}
	return nil, false
}
