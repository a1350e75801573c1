package schemagen

// This file implements turning Go types into schemas. Like controller-gen,
// it first builds a "raw" schema per named type in which every reference to
// another named type is a pair allOf: [the type's schema, the schema of the
// reference site (field markers and docs)], and embedded structs are allOf
// entries; flatten.go then merges those into one structural schema.

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// failedNode is the schema of a node that could not be generated (an
// interface, a cycle, an unsupported type): an error is reported for it, so
// nothing is written, but the rest of the CRD is still judged by the API
// server's validation, and this stub is what the server accepts anywhere
// without a finding of its own.
func failedNode() *apiextv1.JSONSchemaProps {
	t := true
	return &apiextv1.JSONSchemaProps{XPreserveUnknownFields: &t, Title: failedTitle}
}

// failedTitle marks a failed node's stub, which no warning is about (its
// error says what is wrong) and which is never written.
const failedTitle = "crdgen: failed"

// refPrefix marks a placeholder reference to a named type inside a raw
// schema; expandRefs replaces every one of them, so none reaches output.
const refPrefix = "#/crdgen/"

// rawSchema returns the raw schema of a named type, building it on first use.
// A type that refers to itself is an error naming the cycle.
func (g *gen) rawSchema(t *model.Type) *apiextv1.JSONSchemaProps {
	if s, ok := g.raw[t]; ok {
		return s
	}
	if i := slices.Index(g.stack, t); i >= 0 {
		g.reportCycle(g.stack[i:])
		return failedNode()
	}
	g.stack = append(g.stack, t)
	s := g.typeSchema(t)
	g.stack = g.stack[:len(g.stack)-1]
	g.raw[t] = s
	return s
}

// expanded returns a new copy of a type's raw schema with every reference
// replaced by the referenced type's expanded schema, as the flattening
// needs. Raw schemas keep their references, so that each type's schema is
// held once; a CRD's tree is copied out when it is built and dropped with
// it. It only reads the caches Prepare filled, so it may run concurrently.
// A reference back to a type being expanded (a recursive type, reported
// when the raw schemas were built) expands to an empty schema.
func (g *gen) expanded(t *model.Type, onStack []*model.Type) *apiextv1.JSONSchemaProps {
	if slices.Contains(onStack, t) {
		return failedNode()
	}
	raw, ok := g.raw[t]
	if !ok {
		// Every type a kind reaches was built by Prepare.
		return &apiextv1.JSONSchemaProps{}
	}
	s := copyNodes(raw)
	g.expandRefs(s, append(onStack[:len(onStack):len(onStack)], t))
	return s
}

func (g *gen) reportCycle(cycle []*model.Type) {
	if g.cycles[cycle[0]] {
		return
	}
	// Start the cycle at its first type in source order, so the message does
	// not depend on which kind was walked first.
	first := 0
	for i, t := range cycle {
		if comparePos(t.Pos, cycle[first].Pos) < 0 {
			first = i
		}
	}
	cycle = append(slices.Clone(cycle[first:]), cycle[:first]...)
	names := make([]string, 0, len(cycle)+1)
	var related []markers.Related
	for _, t := range cycle {
		g.cycles[t] = true
		names = append(names, t.Ident.Name)
		related = append(related, markers.Related{Pos: t.Pos, Msg: t.Ident.Name + " is declared here"})
	}
	names = append(names, cycle[0].Ident.Name)
	g.diags.Add(markers.Diagnostic{
		Pos:  cycle[0].Pos,
		Code: markers.CodeRecursiveType,
		Msg: fmt.Sprintf("recursive type %s: a structural schema cannot describe a type that contains itself; "+
			"break the cycle, or mark the recursive field +kubebuilder:validation:Schemaless and +kubebuilder:pruning:PreserveUnknownFields",
			strings.Join(names, " -> ")),
		Related: related[1:],
	})
}

func comparePos(a, b token.Position) int {
	if a.Filename != b.Filename {
		return strings.Compare(a.Filename, b.Filename)
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	return a.Column - b.Column
}

// typeSchema builds the schema of a named type from its shape and markers.
func (g *gen) typeSchema(t *model.Type) *apiextv1.JSONSchemaProps {
	if t.Ident == objectMetaIdent() && g.opts.EmbeddedObjectMeta {
		return embeddedObjectMeta()
	}
	if s, ok := wellKnownSchema(t.Ident); ok {
		return s
	}
	subject := "type " + t.Ident.Name
	// The order is controller-gen's: a marshaler's markers first, then a
	// defined type's base, then the Go shape.
	switch {
	case t.WellKnown || t.Underlying == nil:
		return &apiextv1.JSONSchemaProps{}
	case t.JSONMarshaler:
		// A custom marshaler can write anything, so the type's markers say
		// what when they set a type. Without one, crdgen falls back to the Go
		// fields as controller-gen does (cluster-api's
		// NodeRegistrationOptions marshals its own fields that way), and
		// warns, since MarshalJSON may write another shape.
		s := &apiextv1.JSONSchemaProps{}
		g.applyMarkers(t.Markers, s, subject, t)
		if s.Type != "" || s.XIntOrString {
			return s
		}
		if t.Package != nil && t.Package.Local && t.Base == nil {
			g.diags.Warnf(t.Pos, markers.CodeGoType,
				"type %s implements json.Marshaler; its schema describes its Go fields, so if MarshalJSON writes another shape, say which with +kubebuilder:validation:Type (and other markers) on the type",
				t.Ident.Name)
		}
	case t.TextMarshaler:
		s := &apiextv1.JSONSchemaProps{Type: "string"}
		g.applyMarkers(t.Markers, s, subject, t)
		if s.Type != "string" {
			g.diags.Errorf(t.Pos, markers.CodeGoType,
				"type %s implements encoding.TextMarshaler, so it is a string in JSON, but its markers make it %q", t.Ident.Name, s.Type)
		}
		return s
	}
	if t.Base != nil && !t.Alias {
		return g.definedSchema(t, subject)
	}
	s := g.exprSchema(t.Underlying, site{owner: t, pos: t.Pos, what: subject})
	// An alias of a named type is described by that type, as controller-gen
	// describes it; an alias of a shape (type Label = string) by its own doc.
	if _, ofNamed := t.Underlying.(*model.Named); !t.Alias || !ofNamed {
		s.Description = t.Doc
	}
	g.applyMarkers(t.Markers, s, subject, t)
	return s
}

// definedSchema returns the schema of a type defined over another named
// type (type Derived Base): Base's schema, with Derived's doc and markers
// on top, as controller-gen writes it. So Base's bounds, patterns, enums
// and rules hold for Derived too, and a type defined over a well-known type
// (metav1.Duration, resource.Quantity) has that type's schema.
func (g *gen) definedSchema(t *model.Type, subject string) *apiextv1.JSONSchemaProps {
	s := g.refStub(t.Base)
	s.Description = t.Doc
	g.applyMarkers(t.Markers, s, subject, t)
	base := namedBase(t.Base)
	if (base.JSONMarshaler || base.TextMarshaler) && !t.JSONMarshaler && !t.TextMarshaler && t.Package != nil && t.Package.Local {
		// Methods are not inherited by a defined type, so encoding/json
		// writes Derived as an object of its Go fields while the schema
		// (controller-gen's) says what Base's marshaler writes.
		g.diags.Warnf(t.Pos, markers.CodeGoType,
			"type %s is defined over %s (%s) but does not inherit its marshaling methods, so encoding/json writes it as an object of its Go fields, which its schema (%s's, as controller-gen writes it) rejects; declare it with = to make it an alias, or give it MarshalJSON and UnmarshalJSON",
			t.Ident.Name, base.Ident.Name, base.Ident.ImportPath, base.Ident.Name)
	}
	return s
}

// namedBase follows aliases from t to the named type they stand for.
func namedBase(t *model.Type) *model.Type {
	end, _ := follow(&model.Named{Type: t}, aliases, nil)
	return end.(*model.Named).Type
}

// site says where a type expression occurs: the named type that declares
// it, the position to report problems at, and how to name it in messages.
type site struct {
	owner *model.Type
	pos   token.Position
	what  string
	// hidden are the JSON names a struct built here must not have: an
	// outer field of the name wins over it (embedding.go).
	hidden map[string]bool
}

// exprSchema returns the schema of a type expression. A reference to a named
// type becomes a placeholder that expandRefs later replaces.
func (g *gen) exprSchema(e model.TypeExpr, at site) *apiextv1.JSONSchemaProps {
	switch x := e.(type) {
	case *model.Basic:
		return g.basicSchema(x, at)
	case *model.Named:
		return g.refStub(x.Type)
	case *model.Pointer:
		return g.exprSchema(x.Elem, at)
	case *model.Slice:
		if isByte(x.Elem) {
			return &apiextv1.JSONSchemaProps{Type: "string", Format: "byte"}
		}
		return &apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: g.exprSchema(x.Elem, at)}}
	case *model.Array:
		return &apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: g.exprSchema(x.Elem, at)}}
	case *model.Map:
		return g.mapSchema(x, at)
	case *model.Struct:
		return g.structSchema(x, at)
	case *model.Interface:
		g.diags.Errorf(at.pos, markers.CodeGoType,
			"%s is an interface (%s), which has no schema; use apiextensionsv1.JSON or runtime.RawExtension, or mark the field +kubebuilder:pruning:PreserveUnknownFields",
			at.what, x.Desc)
		return failedNode()
	case *model.Unsupported:
		if x.Invalid {
			g.diags.Errorf(at.pos, markers.CodeGoType, "%s has a type that does not compile: %s", at.what, x.Desc)
		} else {
			g.diags.Errorf(at.pos, markers.CodeGoType, "%s has type %s, which encoding/json cannot write", at.what, x.Desc)
		}
		return failedNode()
	}
	panic(fmt.Sprintf("schemagen: unexpected type expression %T", e))
}

// isByte reports whether an element type makes a slice a []byte, which
// encoding/json writes as a base64 string.
func isByte(e model.TypeExpr) bool {
	b, ok := e.(*model.Basic)
	return ok && (b.Name == "byte" || b.Name == "uint8")
}

func (g *gen) basicSchema(b *model.Basic, at site) *apiextv1.JSONSchemaProps {
	switch {
	case b.Name == "bool":
		return &apiextv1.JSONSchemaProps{Type: "boolean"}
	case b.Name == "string":
		return &apiextv1.JSONSchemaProps{Type: "string"}
	case b.IsFloat():
		if !g.opts.AllowDangerousTypes {
			g.diags.Errorf(at.pos, markers.CodeGoType,
				"%s is a %s; floats are discouraged in Kubernetes APIs because their JSON round trip varies across languages (use a string or resource.Quantity), or run with --allow-dangerous-types",
				at.what, b.Name)
		}
		return &apiextv1.JSONSchemaProps{Type: "number"}
	case b.IsInteger():
		if strings.HasPrefix(b.Name, "uint") && at.owner != nil && at.owner.Package != nil && at.owner.Package.Local {
			// The schema stays what controller-gen writes; only the
			// author's own packages hear about it.
			g.diags.Warnf(at.pos, markers.CodeGoType,
				"%s is a %s; the Kubernetes API conventions discourage unsigned integers (not every client language has them): use int32 or int64 with +kubebuilder:validation:Minimum=0",
				at.what, b.Name)
		}
		s := &apiextv1.JSONSchemaProps{Type: "integer"}
		switch b.Name {
		case "int32", "uint32", "rune":
			s.Format = "int32"
		case "int64", "uint64":
			s.Format = "int64"
		}
		return s
	}
	g.diags.Errorf(at.pos, markers.CodeGoType, "%s has type %s, which encoding/json cannot write", at.what, b.Name)
	return failedNode()
}

func (g *gen) mapSchema(m *model.Map, at site) *apiextv1.JSONSchemaProps {
	if !jsonKey(m.Key) {
		g.diags.Errorf(at.pos, markers.CodeGoType,
			"%s is a map with %s keys, which encoding/json cannot write: JSON object keys are strings, so it takes string and integer keys and keys that implement encoding.TextMarshaler", at.what, m.Key)
		return failedNode()
	}
	if _, ok := m.Elem.(*model.Interface); ok {
		g.diags.Errorf(at.pos, markers.CodeGoType,
			"%s is a map of interface values, which have no schema; use map[string]apiextensionsv1.JSON, or mark the field +kubebuilder:pruning:PreserveUnknownFields", at.what)
		return failedNode()
	}
	return &apiextv1.JSONSchemaProps{
		Type:                 "object",
		AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: g.exprSchema(m.Elem, at)},
	}
}

// jsonKey reports whether encoding/json writes a map key type as an object
// key: a string, an integer (as its decimal digits), or a TextMarshaler.
func jsonKey(k model.TypeExpr) bool {
	end, ok := follow(k, underlying, func(t *model.Type) bool { return t.TextMarshaler })
	if !ok {
		return false
	}
	switch x := end.(type) {
	case *model.Basic:
		return x.Name == "string" || x.IsInteger()
	case *model.Named: // a TextMarshaler, or a well-known type with no Underlying
		return x.Type.TextMarshaler
	}
	return false
}

// refStub returns the placeholder for a reference to a named type. It
// carries the referenced type's JSON type (and format, for basic types), and
// for a list an items schema with the items' type, so that markers at the
// reference site, items: markers included, can check what they apply to;
// flattening merges it with the type's own schema.
func (g *gen) refStub(t *model.Type) *apiextv1.JSONSchemaProps {
	key := t.Ident.String()
	g.refs[key] = t
	ref := refPrefix + key
	stub := shapeOf(g.rawSchema(t), isBasicShape(t))
	stub.Ref = &ref
	return stub
}

// shapeOf returns a schema with only the type facts of a raw schema: its
// type, int-or-string flag, format (withFormat) and, for a list, the same
// facts of its items.
func shapeOf(raw *apiextv1.JSONSchemaProps, withFormat bool) *apiextv1.JSONSchemaProps {
	s := &apiextv1.JSONSchemaProps{
		Type:         rawFact(raw, func(x *apiextv1.JSONSchemaProps) string { return x.Type }),
		XIntOrString: rawFact(raw, func(x *apiextv1.JSONSchemaProps) bool { return x.XIntOrString }),
	}
	if withFormat {
		s.Format = rawFact(raw, func(x *apiextv1.JSONSchemaProps) string { return x.Format })
	}
	if s.Type == "array" {
		items := rawFact(raw, func(x *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
			if x.Items == nil {
				return nil
			}
			return x.Items.Schema
		})
		s.Items = &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{}}
		if items != nil {
			s.Items.Schema = shapeOf(items, true)
		}
	}
	return s
}

// rawFact reads a fact of a raw schema: from the node itself, or else from
// the first allOf entry that has it (a raw schema of a named type that is
// defined as another named type is such an allOf).
func rawFact[T comparable](s *apiextv1.JSONSchemaProps, get func(*apiextv1.JSONSchemaProps) T) T {
	var zero T
	if v := get(s); v != zero {
		return v
	}
	for i := range s.AllOf {
		if v := rawFact(&s.AllOf[i], get); v != zero {
			return v
		}
	}
	return zero
}

// isBasicShape reports whether a named type is, under its names, a basic type.
func isBasicShape(t *model.Type) bool {
	_, ok := underlyingShape(t).(*model.Basic)
	return ok
}

// underlyingShape follows aliases and named types down to a shape.
func underlyingShape(t *model.Type) model.TypeExpr {
	end, ok := follow(t.Underlying, underlying, nil)
	if _, named := end.(*model.Named); named || !ok {
		return nil // a well-known type, or a cycle
	}
	return end
}

// expandRefs replaces every placeholder in s with allOf: [a copy of the
// referenced type's raw schema, the reference site's own schema], keeping
// the site's description, title, example and external docs (or the type's,
// when the site has none), as controller-gen's flattener does.
func (g *gen) expandRefs(s *apiextv1.JSONSchemaProps, onStack []*model.Type) {
	schemapath.Edit(s, func(s *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
		if s.Ref == nil || !strings.HasPrefix(*s.Ref, refPrefix) {
			return true
		}
		g.expandRef(s, onStack)
		return false
	})
}

// expandRef expands one placeholder.
func (g *gen) expandRef(s *apiextv1.JSONSchemaProps, onStack []*model.Type) {
	t := g.refs[strings.TrimPrefix(*s.Ref, refPrefix)]
	typeSchema := g.expanded(t, onStack)
	site := *s
	site.Ref = nil
	desc, title, docs, example := site.Description, site.Title, site.ExternalDocs, site.Example
	site.Description, site.Title, site.ExternalDocs, site.Example = "", "", nil, nil
	*s = apiextv1.JSONSchemaProps{
		AllOf:        []apiextv1.JSONSchemaProps{*typeSchema, site},
		Description:  typeSchema.Description,
		Title:        typeSchema.Title,
		ExternalDocs: typeSchema.ExternalDocs,
		Example:      typeSchema.Example,
	}
	if desc != "" {
		s.Description = desc
	}
	if title != "" {
		s.Title = title
	}
	if docs != nil {
		s.ExternalDocs = docs
	}
	if example != nil {
		s.Example = example
	}
}
