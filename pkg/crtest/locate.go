package crtest

// This file implements finding, for an error of the API server about an
// object, the Go source of what produced it: the marker (a bound, an enum,
// a pattern) or the CEL rule, or the field for a missing required one.

import (
	"errors"
	"go/token"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/pkg/schemagen"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// Source is where a field error of a request comes from in the Go source.
type Source struct {
	// Field is the error's field path (spec.replicas); Message its text.
	Field, Message string
	Pos            token.Position
}

// Sources returns the Go source of each field error of err (an Invalid
// status) that crdgen can trace to a marker, a rule or a field of crd's
// version.
func Sources(crd *schemagen.CRD, version string, err error) []Source {
	var status apierrors.APIStatus
	if crd == nil || crd.Object == nil || !errors.As(err, &status) || status.Status().Details == nil {
		return nil
	}
	vi := -1
	var root *apiextv1.JSONSchemaProps
	for i, v := range crd.Object.Spec.Versions {
		if v.Name == version && v.Schema != nil {
			vi, root = i, v.Schema.OpenAPIV3Schema
		}
	}
	if vi < 0 || vi >= len(crd.Kinds) {
		return nil
	}
	var out []Source
	for _, c := range status.Status().Details.Causes {
		at, ok := schemaPathOf(root, c.Field)
		if !ok {
			continue
		}
		if pos := sourceOf(crd, vi, root, at, c); pos.IsValid() {
			out = append(out, Source{Field: c.Field, Message: c.Message, Pos: pos})
		}
	}
	return out
}

// sourceOf is the Go source of one cause at a schema path.
func sourceOf(crd *schemagen.CRD, vi int, root *apiextv1.JSONSchemaProps, at schemapath.Path, c metav1.StatusCause) token.Position {
	// A CEL rule of the node or of a node above it (a rule's fieldPath
	// reports below the rule).
	for n := len(at); n >= 0; n-- {
		node := schemapath.At(root, at[:n])
		if node == nil {
			continue
		}
		for _, r := range node.XValidations {
			if ruleSaid(r, c.Message) {
				o := crd.Origin(vi, at[:n])
				if m, ok := crd.RuleMarker(o, r.Rule); ok {
					return m.Pos
				}
				return o.Pos
			}
		}
	}
	o := crd.Origin(vi, at)
	for _, k := range keywordsOf(c) {
		if m, ok := o.MarkerFor(k); ok {
			return m.Pos
		}
	}
	return o.Pos
}

// ruleSaid reports whether a cause's message is a rule's failure.
func ruleSaid(r apiextv1.ValidationRule, msg string) bool {
	switch {
	case r.Message != "" && strings.Contains(msg, r.Message):
		return true
	case strings.Contains(msg, "failed rule: "+r.Rule):
		return true
	}
	return false
}

// keywordsOf are the schema keywords that may have made a cause, by its
// type and text.
func keywordsOf(c metav1.StatusCause) []string {
	switch c.Type {
	case metav1.CauseTypeTooLong:
		return []string{"maxLength"}
	case metav1.CauseTypeTooMany:
		return []string{"maxItems", "maxProperties"}
	case metav1.CauseTypeFieldValueNotSupported:
		return []string{"enum"}
	case metav1.CauseTypeTypeInvalid:
		return []string{"format", "type"}
	case metav1.CauseTypeFieldValueDuplicate:
		return []string{"x-kubernetes-list-map-keys", "x-kubernetes-list-type"}
	}
	for _, k := range []struct{ text, keyword string }{
		{"greater than", "minimum"}, {"less than", "maximum"}, {"should match", "pattern"},
		{"multiple of", "multipleOf"}, {"at least", "minLength"}, {"at least", "minItems"},
		{"at least", "minProperties"}, {"unique", "uniqueItems"}, {"must be of type", "format"},
	} {
		if strings.Contains(c.Message, k.text) {
			return []string{k.keyword}
		}
	}
	return nil
}

// schemaPathOf turns an object's field path (spec.items[1].name,
// .spec.replicas) into the schema path of its node.
func schemaPathOf(root *apiextv1.JSONSchemaProps, field string) (schemapath.Path, bool) {
	field = strings.TrimPrefix(field, ".")
	if field == "" || field == "<nil>" || root == nil {
		return nil, false
	}
	var at schemapath.Path
	node := root
	for _, seg := range schemapath.Split(field) {
		name, rest, _ := strings.Cut(seg, "[")
		if name != "" {
			at = at.Property(name)
			if node = schemapath.At(root, at); node == nil {
				return nil, false
			}
		}
		for rest != "" {
			_, after, ok := strings.Cut(rest, "]")
			if !ok {
				return nil, false
			}
			switch {
			case node.Items != nil:
				at = at.Items()
			case node.AdditionalProperties != nil:
				at = at.Values()
			default:
				return nil, false
			}
			node = schemapath.At(root, at)
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return at, true
}
