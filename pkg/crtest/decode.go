package crtest

// This file implements decoding a request body as the server does for a
// custom resource: the JSON or YAML serializer (strict about duplicate
// fields unless field validation is Ignore), then pruning with the paths of
// unknown fields, then defaulting, and the field validation directive's
// verdict on what was found: Strict fails the request, Warn (the default)
// warns, Ignore says nothing.

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apiserver/pkg/warning"
)

// decode decodes a request body for this server's version. found are the
// problems field validation found (unknown and duplicate fields), one
// each, whatever the directive made of them.
func (s *Server) decode(ctx context.Context, body []byte, directive string) (u *unstructured.Unstructured, found []error, err error) {
	switch directive {
	case "":
		directive = metav1.FieldValidationWarn
	case metav1.FieldValidationIgnore, metav1.FieldValidationWarn, metav1.FieldValidationStrict:
	default:
		return nil, nil, apierrors.NewBadRequest(fmt.Sprintf("invalid fieldValidation directive %q: must be one of Ignore, Warn or Strict", directive))
	}
	strict := directive != metav1.FieldValidationIgnore
	trimmed := bytes.TrimSpace(body)
	isJSON := len(trimmed) > 0 && trimmed[0] == '{'
	ser := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, unstructuredCreator{}, s.main.ObjectTyper,
		kjson.SerializerOptions{Yaml: !isJSON, Strict: strict})
	def := s.gvk
	obj, gvk, err := ser.Decode(body, &def, &unstructured.Unstructured{})
	if err != nil {
		se, ok := runtime.AsStrictDecodingError(err)
		if !ok || obj == nil {
			return nil, nil, s.decodeError(err, gvk)
		}
		found = se.Errors()
	}
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return nil, found, s.decodeError(fmt.Errorf("decoded %T", obj), gvk)
	}
	unknown, err := s.coerce(u, coercion{unknownFieldPaths: strict})
	if err != nil {
		return nil, found, s.decodeError(err, gvk)
	}
	for _, p := range unknown {
		found = append(found, fmt.Errorf(`unknown field "%s"`, p))
	}
	s.defaults(u)
	if len(found) > 0 {
		if directive == metav1.FieldValidationStrict {
			return nil, found, s.decodeError(runtime.NewStrictDecodingError(found), gvk)
		}
		for _, e := range found {
			for _, w := range yamlWarnings(e.Error()) {
				warning.AddWarning(ctx, "", w)
			}
		}
	}
	if gv := gvk.GroupVersion(); gv != s.gvk.GroupVersion() {
		return nil, found, apierrors.NewBadRequest(fmt.Sprintf("the API version in the data (%s) does not match the expected API version (%v)", gv.String(), s.gvk.GroupVersion().String()))
	}
	return u, found, nil
}

// decodeError is the server's 400 for a body it cannot decode.
func (s *Server) decodeError(err error, gvk *schema.GroupVersionKind) error {
	if gvk != nil && gvk.Kind != "" {
		return apierrors.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", gvk.Kind, gvk.Version, s.gvk.Kind, err))
	}
	return apierrors.NewBadRequest(fmt.Sprintf("the object provided is unrecognized (must be of type %s): %v", s.gvk.Kind, err))
}

// yamlWarnings splits the YAML decoder's list of errors into one warning
// per line, as the server does; other errors are one warning each.
func yamlWarnings(s string) []string {
	for _, prefix := range []string{"yaml: unmarshal errors:\n", "error converting YAML to JSON: yaml: unmarshal errors:\n"} {
		if rest, ok := strings.CutPrefix(s, prefix); ok {
			lines := strings.Split(rest, "\n")
			for i := range lines {
				lines[i] = strings.TrimSpace(lines[i])
			}
			return lines
		}
	}
	return []string{s}
}

// unstructuredCreator makes the objects the serializer decodes into.
type unstructuredCreator struct{}

func (unstructuredCreator) New(kind schema.GroupVersionKind) (runtime.Object, error) {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(kind)
	return u, nil
}
