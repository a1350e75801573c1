package applyconfig

// This file implements the internal schema of the apply configurations:
// the OpenAPI definitions made into a structured-merge-diff schema by the
// libraries code-generator uses (gnostic reads the document, kube-openapi's
// proto models and schemaconv convert it), written as YAML by yaml.v2.

import (
	"encoding/json"
	"fmt"

	openapiv2 "github.com/google/gnostic-models/openapiv2"
	yaml "go.yaml.in/yaml/v2"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/util/proto"
)

// schemaYAML returns the YAML of the structured-merge-diff schema of the
// definitions (only the untyped entries when there are none).
func schemaYAML(defs map[string]node) ([]byte, error) {
	doc := map[string]any{
		"swagger":     "2.0",
		"info":        map[string]any{"title": "Kubernetes CRD Swagger", "version": "v0.1.0"},
		"paths":       map[string]any{},
		"definitions": defs,
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("writing the OpenAPI document: %w", err)
	}
	parsed, err := openapiv2.ParseDocument(raw)
	if err != nil {
		return nil, fmt.Errorf("reading the OpenAPI document: %w", err)
	}
	models, err := proto.NewOpenAPIData(parsed)
	if err != nil {
		return nil, fmt.Errorf("reading the OpenAPI models: %w", err)
	}
	s, err := schemaconv.ToSchema(models)
	if err != nil {
		return nil, fmt.Errorf("converting the OpenAPI models: %w", err)
	}
	return yaml.Marshal(s)
}
