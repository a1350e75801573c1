package crdyaml

// This file implements the CRD as a JSON value tree, schemas included: what
// a client decodes from the file crdgen writes, for measuring it as JSON.

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Tree returns the JSON value tree of the CRD as Marshal writes it (keys
// and values as encoding/json decodes them from its JSON, numbers as
// json.Number, without status or metadata.creationTimestamp), the schemas
// expanded into trees too. The caller owns the tree.
func Tree(obj *apiextv1.CustomResourceDefinition) (map[string]any, error) {
	m, err := crdTree(obj)
	if err != nil {
		return nil, err
	}
	versions, _ := m["spec"].(map[string]any)["versions"].([]any)
	for _, v := range versions {
		s, _ := v.(map[string]any)["schema"].(map[string]any)
		if p, ok := s["openAPIV3Schema"].(*apiextv1.JSONSchemaProps); ok {
			if s["openAPIV3Schema"], err = propsTree(p); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// Shell returns the JSON value tree of the CRD as Tree does, but for the
// schemas: each version's openAPIV3Schema is left as its
// *apiextv1.JSONSchemaProps, for a caller that walks schemas itself
// (SchemaTree is their tree). The caller owns the tree, not the schemas.
func Shell(obj *apiextv1.CustomResourceDefinition) (map[string]any, error) {
	return crdTree(obj)
}

// SchemaTree returns the JSON value tree of a schema, as Tree holds it.
func SchemaTree(p *apiextv1.JSONSchemaProps) (map[string]any, error) {
	return propsTree(p)
}
