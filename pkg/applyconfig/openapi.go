package applyconfig

// This file implements the OpenAPI v2 definitions the internal schema is
// made from: the ones controller-gen builds with its CRD schema parser and
// hands code-generator, reduced to what the structured-merge-diff schema
// reads of them (types, formats, properties, items, map values, $refs,
// defaults and the x-kubernetes-* list, map and unknown-fields keywords).
// A definition per named type, a $ref for every use of one; embedded
// structs are merged in; definitions that are only a $ref take their
// target's content.

import (
	"encoding/json"
	"slices"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// node is a JSON schema as decoded JSON.
type node = map[string]any

const defPrefix = "#/definitions/"

// definitions builds the OpenAPI definitions of one package's roots.
type definitions struct {
	pl  *plan
	raw map[string]node
	ids map[string]*model.Type
}

// buildDefinitions returns the definitions the roots reach, by name.
func (pl *plan) buildDefinitions() map[string]node {
	d := &definitions{pl: pl, raw: map[string]node{}, ids: map[string]*model.Type{}}
	for _, t := range pl.roots {
		if enabled(t) {
			d.need(t)
		}
	}
	flat := map[string]node{}
	for _, name := range sortedKeys(d.raw) {
		n := d.resolveAllOf(copyNode(d.raw[name]), map[string]bool{name: true})
		flatten(n)
		sanitize(n)
		flat[name] = n
	}
	for _, name := range sortedKeys(flat) {
		n := flat[name]
		ref, ok := n["$ref"].(string)
		target, found := flat[ref[min(len(ref), len(defPrefix)):]]
		if !ok || !found {
			continue
		}
		resolved := copyNode(target)
		for k, v := range n {
			if k != "$ref" {
				resolved[k] = v
			}
		}
		flat[name] = resolved
	}
	out := map[string]node{}
	for _, t := range pl.roots {
		name := openAPIName(t.Ident)
		n, ok := flat[name]
		if !ok {
			// A root by a +genclient in the source that controller-gen did
			// not enable has no definition: code-generator takes an empty one.
			n = node{}
		}
		out[name] = n
		referenced(n, flat, out)
	}
	return out
}

// need defines a named type (once) and returns its name.
func (d *definitions) need(t *model.Type) string {
	t = d.pl.sh.resolve(t)
	name := openAPIName(t.Ident)
	if _, ok := d.raw[name]; !ok {
		d.raw[name] = nil // a recursive type refers to itself
		d.ids[name] = t
		d.raw[name] = d.define(t)
	}
	return name
}

// define is a named type's definition, before embedded structs are merged.
func (d *definitions) define(t *model.Type) node {
	if n, ok := knownSchema(t.Ident); ok {
		return n
	}
	var n node
	switch st, isStruct := t.Underlying.(*model.Struct); {
	case t.Underlying == nil:
		// time.Time: controller-gen walks its struct, whose fields are
		// all unexported.
		n = node{"type": "object"}
	case t.JSONMarshaler && typeMarked(t):
		n = node{}
	case t.TextMarshaler && !t.JSONMarshaler:
		// A type with both marshalers is described by its shape unless
		// marked, as controller-gen checks MarshalJSON first.
		n = node{"type": "string"}
	case t.Base != nil && !t.Alias:
		n = d.ref(t.Base, t.Ident.ImportPath)
	case isStruct:
		n = d.structNode(st, t.Ident.ImportPath)
	default:
		n = d.expr(t.Underlying, t.Ident.ImportPath)
	}
	applyMarkers(n, t.Markers)
	return n
}

// typeMarked reports whether a type has +kubebuilder:validation:Type, which
// is all controller-gen takes of a type with its own MarshalJSON.
func typeMarked(t *model.Type) bool { return markers.Has[markers.Type](t.Markers) }

// ref is a use of a named type: a $ref, with the type (gone once the
// markers are applied) that decides which markers apply.
func (d *definitions) ref(t *model.Type, from model.GoImportPath) node {
	t = d.pl.sh.resolve(t)
	if t.Alias {
		if b, ok := t.Underlying.(*model.Basic); ok {
			n := primitive(b.Name)
			n["$ref"] = defPrefix + d.need(t)
			return n
		}
		return d.expr(t.Underlying, from)
	}
	n := node{"$ref": defPrefix + d.need(t)}
	switch u := t.Underlying.(type) {
	case *model.Slice:
		n["type"] = "array"
	case *model.Map:
		n["type"] = "object"
	case *model.Basic:
		if t.Ident.ImportPath == from {
			for k, v := range primitive(u.Name) {
				n[k] = v
			}
		}
	}
	return n
}

// expr is the schema of a type expression.
func (d *definitions) expr(e model.TypeExpr, from model.GoImportPath) node {
	switch x := e.(type) {
	case *model.Basic:
		return primitive(x.Name)
	case *model.Named:
		return d.ref(x.Type, from)
	case *model.Pointer:
		return d.expr(x.Elem, from)
	case *model.Slice:
		if b, ok := x.Elem.(*model.Basic); ok && b.Name == "byte" {
			return node{"type": "string", "format": "byte"}
		}
		return node{"type": "array", "items": d.expr(x.Elem, from)}
	case *model.Array:
		return node{"type": "array", "items": d.expr(x.Elem, from)}
	case *model.Map:
		return d.mapNode(x, from)
	case *model.Struct:
		// controller-gen does not describe anonymous structs.
		return node{"type": "object"}
	}
	return node{}
}

// mapNode is a map's schema, or {} for a map controller-gen cannot
// describe (a key that is not a string, an interface or struct value).
func (d *definitions) mapNode(m *model.Map, from model.GoImportPath) node {
	if !stringKey(m.Key) {
		return node{}
	}
	switch m.Elem.(type) {
	case *model.Interface, *model.Struct, *model.Unsupported:
		return node{}
	}
	return node{"type": "object", "additionalProperties": d.expr(m.Elem, from)}
}

// stringKey reports whether a map key is a string, or marshals as text.
func stringKey(k model.TypeExpr) bool {
	switch x := k.(type) {
	case *model.Basic:
		return x.Name == "string"
	case *model.Named:
		if b, ok := x.Type.Underlying.(*model.Basic); ok && b.Name == "string" {
			return true
		}
		return x.Type.TextMarshaler
	}
	return false
}

// structNode is a struct's schema: its json fields as properties, embedded
// ones (and fields without a json name) in allOf until flatten merges them.
func (d *definitions) structNode(st *model.Struct, from model.GoImportPath) node {
	props := node{}
	var allOf []any
	for _, f := range st.Fields {
		if !f.Embedded && !f.Exported || !f.HasJSONTag || f.Ignored {
			continue
		}
		var p node
		if markers.Has[markers.Schemaless](f.Markers) {
			p = node{}
		} else {
			p = d.expr(f.Type, from)
		}
		applyMarkers(p, f.Markers)
		name := f.JSONName
		if name == "" {
			name = f.IgnoredJSONName
		}
		if name == "" || f.Inline {
			allOf = append(allOf, p)
			continue
		}
		props[name] = p
	}
	n := node{"type": "object"}
	if len(props) > 0 {
		n["properties"] = props
	}
	if len(allOf) > 0 {
		n["allOf"] = allOf
	}
	return n
}

// primitive is the schema of a basic Go type, as controller-gen writes it
// (floats are numbers: it builds these schemas with dangerous types on).
func primitive(name string) node {
	switch name {
	case "bool":
		return node{"type": "boolean"}
	case "string":
		return node{"type": "string"}
	case "int32", "uint32", "rune":
		return node{"type": "integer", "format": "int32"}
	case "int64", "uint64":
		return node{"type": "integer", "format": "int64"}
	case "int", "int8", "int16", "uint", "uint8", "uint16", "uintptr", "byte":
		return node{"type": "integer"}
	case "float32", "float64":
		return node{"type": "number"}
	}
	return node{}
}

// knownSchema returns the fixed schema controller-gen gives a well-known
// type (metav1.ObjectMeta excepted: for apply configurations it is read
// field by field).
func knownSchema(id model.GoIdent) (node, bool) {
	intOrString := node{"x-kubernetes-int-or-string": true}
	switch id {
	case model.GoIdent{ImportPath: metav1Path, Name: "Time"}, model.GoIdent{ImportPath: metav1Path, Name: "MicroTime"}:
		return node{"type": "string", "format": "date-time"}, true
	case model.GoIdent{ImportPath: metav1Path, Name: "Duration"}:
		return node{"type": "string"}, true
	case model.GoIdent{ImportPath: metav1Path, Name: "Fields"}:
		return node{"type": "object", "additionalProperties": true}, true
	case model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/api/resource", Name: "Quantity"},
		model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/util/intstr", Name: "IntOrString"}:
		return intOrString, true
	case model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/runtime", Name: "RawExtension"}:
		return node{"type": "object", "x-kubernetes-preserve-unknown-fields": true}, true
	case model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", Name: "Unstructured"}:
		return node{"type": "object"}, true
	case model.GoIdent{ImportPath: "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", Name: "JSON"},
		model.GoIdent{ImportPath: "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1", Name: "JSON"}:
		return node{"x-kubernetes-preserve-unknown-fields": true}, true
	}
	return nil, false
}

// applyMarkers applies the markers that shape the structured-merge-diff
// schema, in controller-gen's order (type and list type first, then the
// rest), with its checks of where each applies.
func applyMarkers(n node, ms []markers.Marker) {
	for _, m := range ms {
		switch v := m.Value.(type) {
		case markers.Type:
			n["type"] = v.Value
		case markers.XIntOrString:
			n["x-kubernetes-int-or-string"] = true
		}
	}
	for _, v := range markers.All[markers.ListType](ms) {
		if n["type"] == "array" {
			n["x-kubernetes-list-type"] = v.Value
		}
	}
	for _, v := range markers.All[markers.K8sDefault](ms) {
		if v.Ref == "" && v.Value != nil {
			setDefault(n, v.Value)
		}
	}
	for _, m := range ms {
		applyMarker(n, m.Value)
	}
}

// applyMarker applies one marker of controller-gen's default priority.
func applyMarker(n node, v any) {
	switch v := v.(type) {
	case markers.Format:
		n["format"] = v.Value
	case markers.ListMapKey:
		keys, _ := n["x-kubernetes-list-map-keys"].([]any)
		if n["type"] == "array" && n["x-kubernetes-list-type"] == "map" && !slices.Contains(keys, any(v.Value)) {
			n["x-kubernetes-list-map-keys"] = append(keys, v.Value)
		}
	case markers.MapType:
		if n["type"] == "object" {
			n["x-kubernetes-map-type"] = v.Value
		}
	case markers.StructType:
		if t, _ := n["type"].(string); t == "object" || t == "" {
			n["x-kubernetes-map-type"] = v.Value
		}
	case markers.XPreserveUnknownFields:
		n["x-kubernetes-preserve-unknown-fields"] = true
	case markers.Default:
		val := v.Value
		if m, ok := val.(map[string]any); ok && len(m) == 0 && n["type"] == "array" {
			val = []any{}
		}
		setDefault(n, val)
	}
}

// setDefault writes a default as the JSON value controller-gen writes.
func setDefault(n node, v any) {
	if raw, err := json.Marshal(v); err == nil {
		n["default"] = json.RawMessage(raw)
	}
}
