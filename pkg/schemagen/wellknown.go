package schemagen

// This file holds the schemas of the well-known types: Go types of the
// Kubernetes libraries (and time.Time) whose schema is fixed, because the
// API server or their JSON methods give them one, and that crdgen never
// walks into.

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/model"
)

// quantityPattern is the pattern the API server's own OpenAPI gives
// resource.Quantity (and the one controller-gen writes).
const quantityPattern = `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`

const (
	metav1Path     = "k8s.io/apimachinery/pkg/apis/meta/v1"
	apiextV1Path   = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextV1b1Path = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
)

func objectMetaIdent() model.GoIdent {
	return model.GoIdent{ImportPath: metav1Path, Name: "ObjectMeta"}
}

// embeddedObjectMeta is the schema of a metav1.ObjectMeta below the root
// (a template's metadata) with Options.EmbeddedObjectMeta: the fields the
// API server keeps there, as controller-gen's generateEmbeddedObjectMeta
// writes them. Without it the server prunes everything in it.
func embeddedObjectMeta() *apiextv1.JSONSchemaProps {
	str := apiextv1.JSONSchemaProps{Type: "string"}
	strMap := apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &apiextv1.JSONSchemaProps{Type: "string"}}}
	return &apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{
		"annotations": strMap,
		"finalizers":  {Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Type: "string"}}},
		"labels":      strMap,
		"name":        str,
		"namespace":   str,
	}}
}

// wellKnownSchema returns the fixed schema of a well-known type, and
// whether id is one.
func wellKnownSchema(id model.GoIdent) (*apiextv1.JSONSchemaProps, bool) {
	t := true
	intOrString := func() *apiextv1.JSONSchemaProps {
		return &apiextv1.JSONSchemaProps{
			XIntOrString: true,
			AnyOf:        []apiextv1.JSONSchemaProps{{Type: "integer"}, {Type: "string"}},
		}
	}
	switch id {
	case model.GoIdent{ImportPath: metav1Path, Name: "ObjectMeta"}:
		return &apiextv1.JSONSchemaProps{Type: "object"}, true
	case model.GoIdent{ImportPath: metav1Path, Name: "Time"},
		model.GoIdent{ImportPath: metav1Path, Name: "MicroTime"},
		model.GoIdent{ImportPath: "time", Name: "Time"}:
		return &apiextv1.JSONSchemaProps{Type: "string", Format: "date-time"}, true
	case model.GoIdent{ImportPath: metav1Path, Name: "Duration"}:
		return &apiextv1.JSONSchemaProps{Type: "string"}, true
	case model.GoIdent{ImportPath: metav1Path, Name: "Fields"}:
		return &apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true}}, true
	case model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/api/resource", Name: "Quantity"}:
		s := intOrString()
		s.Pattern = quantityPattern
		return s, true
	case model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/util/intstr", Name: "IntOrString"}:
		return intOrString(), true
	case model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/runtime", Name: "RawExtension"}:
		return &apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: &t}, true
	case model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", Name: "Unstructured"}:
		return &apiextv1.JSONSchemaProps{Type: "object"}, true
	case model.GoIdent{ImportPath: apiextV1Path, Name: "JSON"}, model.GoIdent{ImportPath: apiextV1b1Path, Name: "JSON"}:
		return &apiextv1.JSONSchemaProps{XPreserveUnknownFields: &t}, true
	}
	return nil, false
}

// IsWellKnown reports whether a type is well-known: crdgen has a fixed
// schema for it, so the loader need not walk into it. Pass it as
// parser.Options.WellKnown.
func IsWellKnown(id model.GoIdent) bool {
	_, ok := wellKnownSchema(id)
	return ok
}
