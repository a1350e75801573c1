package schemagen

import (
	"bytes"
	"encoding/json"
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// Render writes a CRD as YAML the way controller-gen writes it: a "---"
// line, then the object with keys sorted, and without status or
// metadata.creationTimestamp.
func Render(obj *apiextv1.CustomResourceDefinition) ([]byte, error) {
	j, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	delete(m, "status")
	if md, ok := m["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	y, err := yaml.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	return append([]byte("---\n"), y...), nil
}
