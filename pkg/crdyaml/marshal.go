package crdyaml

// This file implements the package's entry point: a CRD to the bytes crdgen
// writes.

import (
	"bytes"
	"fmt"
	"sync"

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
	// The YAML is written into a buffer kept for the next CRD and copied
	// out once at its size: grown from empty, a 1 MB CRD allocated four
	// times its size on the way.
	buf := scratch.Get().(*[]byte)
	defer scratch.Put(buf)
	y, err := appendYAML(append((*buf)[:0], "---\n"...), m)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	*buf = y
	return bytes.Clone(y), nil
}

// scratch holds the buffers Marshal writes into, one per CRD being encoded
// at a time.
var scratch = sync.Pool{New: func() any {
	b := make([]byte, 0, 64<<10)
	return &b
}}
