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
	buf := buffers.get()
	defer buffers.put(buf)
	y, err := appendYAML(append((*buf)[:0], "---\n"...), m)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	*buf = y
	return bytes.Clone(y), nil
}

// bufferList keeps the buffers Marshal writes into, one per CRD being
// encoded at a time, for the rest of the run. A sync.Pool drops its buffers
// at the second garbage collection after they were put back, which in a run
// that collects every few milliseconds is before nearly every CRD: each one
// grew its buffer from nothing again.
type bufferList struct {
	mu   sync.Mutex
	free []*[]byte
}

var buffers bufferList

func (l *bufferList) get() *[]byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.free); n > 0 {
		b := l.free[n-1]
		l.free = l.free[:n-1]
		return b
	}
	b := make([]byte, 0, 64<<10)
	return &b
}

// put keeps a buffer for the next CRD; a buffer larger than keptMax is let
// go, so that one huge CRD does not hold its size for the whole run.
func (l *bufferList) put(b *[]byte) {
	if cap(*b) > keptMax {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.free = append(l.free, b)
}

// keptMax is the largest buffer kept: more than any CRD the API server
// takes (etcd's default request limit is 1.5 MiB).
const keptMax = 4 << 20
