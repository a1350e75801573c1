package crdyaml

// This file implements the package's entry point: a CRD to the bytes crdgen
// writes.

import (
	"bytes"
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Marshal writes a CRD as crdgen writes it: a "---" line, then the object
// with keys sorted, without status or metadata.creationTimestamp, byte for
// byte what controller-gen (through sigs.k8s.io/yaml, so go-yaml v2)
// writes.
func Marshal(obj *apiextv1.CustomResourceDefinition) ([]byte, error) {
	m, err := crdTree(obj)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	// The YAML of a CRD is 1.2 to 2.2 times its JSON; 64 KiB fits most.
	y, err := appendYAML(append(make([]byte, 0, 64<<10), "---\n"...), m)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	if cap(y)-len(y) > len(y)/8 {
		// The YAML is kept until it is written; keep it without the slack.
		y = bytes.Clone(y)
	}
	return y, nil
}
