package schemagen

// This file implements writing a CRD: the YAML crdgen writes and the JSON a
// client sends the API server.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	yamlv2 "go.yaml.in/yaml/v2"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Encoded is a CRD written out.
type Encoded struct {
	// YAML is what crdgen writes: a "---" line, then the object with keys
	// sorted, without status or metadata.creationTimestamp, byte for byte
	// what controller-gen (through sigs.k8s.io/yaml) writes.
	YAML []byte
	// JSON is the same object as JSON, the form kubectl sends.
	JSON []byte
}

// Encode writes a CRD as YAML and as JSON.
func Encode(obj *apiextv1.CustomResourceDefinition) (Encoded, error) {
	j, err := json.Marshal(obj)
	if err != nil {
		return Encoded{}, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return Encoded{}, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	delete(m, "status")
	if md, ok := m["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	clean, err := json.Marshal(m)
	if err != nil {
		return Encoded{}, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	// sigs.k8s.io/yaml re-parses JSON with go-yaml to pick number types and
	// then marshals the result; converting the numbers here and marshaling
	// with the same go-yaml gives the same bytes without the second parse.
	y, err := yamlv2.Marshal(yamlNumbers(m))
	if err != nil {
		return Encoded{}, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	return Encoded{YAML: append([]byte("---\n"), y...), JSON: clean}, nil
}

// Render writes a CRD as YAML; see Encoded.YAML.
func Render(obj *apiextv1.CustomResourceDefinition) ([]byte, error) {
	e, err := Encode(obj)
	return e.YAML, err
}

// yamlNumbers replaces json.Number values with the int, uint64 or float64
// that go-yaml would resolve the same text to.
func yamlNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			if int64(int(i)) == i {
				return int(i)
			}
			return i
		}
		if u, err := strconv.ParseUint(string(x), 10, 64); err == nil {
			return u
		}
		if f, err := strconv.ParseFloat(string(x), 64); err == nil {
			return f
		}
		return string(x)
	case map[string]any:
		for k, e := range x {
			x[k] = yamlNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = yamlNumbers(e)
		}
	}
	return v
}
