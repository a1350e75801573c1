package schemagen

// This file implements writing a CRD: the YAML crdgen writes and the JSON a
// client sends the API server.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

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
	m, err := crdTree(obj)
	if err != nil {
		return Encoded{}, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	j, err := appendJSON(nil, m)
	if err != nil {
		return Encoded{}, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	y, err := renderTree(m, len(j))
	if err != nil {
		return Encoded{}, fmt.Errorf("encoding %s: %w", obj.Name, err)
	}
	return Encoded{YAML: y, JSON: j}, nil
}

// Render writes a CRD as YAML; see Encoded.YAML.
func Render(obj *apiextv1.CustomResourceDefinition) ([]byte, error) {
	m, err := crdTree(obj)
	if err == nil {
		var y []byte
		if y, err = renderTree(m, 0); err == nil {
			return y, nil
		}
	}
	return nil, fmt.Errorf("encoding %s: %w", obj.Name, err)
}

// renderTree writes a CRD's tree as YAML. sigs.k8s.io/yaml (so
// controller-gen) converts the JSON to YAML with go-yaml v2; appendYAML
// writes the same bytes from the tree. sizeHint is the JSON's size if
// known: the YAML of a CRD is 1.2 to 2.2 times that.
func renderTree(m map[string]any, sizeHint int) ([]byte, error) {
	if sizeHint == 0 {
		sizeHint = 64 << 10
	}
	y, err := appendYAML(append(make([]byte, 0, 2*sizeHint), "---\n"...), m)
	if err != nil {
		return nil, err
	}
	if cap(y)-len(y) > len(y)/8 {
		// The YAML is kept until it is written; keep it without the slack.
		y = bytes.Clone(y)
	}
	return y, nil
}

// jsonWriter writes a tree decoded by encoding/json as encoding/json's
// Marshal writes it again, without its reflection.
type jsonWriter struct {
	out []byte
	// keys is a stack of the sorted keys of the objects being written.
	keys []string
}

// appendJSON appends v, a tree of map[string]any, []any, string, bool, nil
// and json.Number, to out as json.Marshal writes it: keys sorted byte-wise,
// no spaces, strings escaped the way json.Marshal escapes them (for HTML
// too). Other values are left to json.Marshal.
func appendJSON(out []byte, v any) ([]byte, error) {
	w := jsonWriter{out: out}
	if err := w.value(v); err != nil {
		return nil, err
	}
	return w.out, nil
}

// value writes any value of the tree.
func (w *jsonWriter) value(v any) error {
	switch x := v.(type) {
	case nil:
		w.out = append(w.out, "null"...)
	case bool:
		w.out = strconv.AppendBool(w.out, x)
	case string:
		w.out = appendJSONString(w.out, x)
	case json.Number:
		if !isCanonicalInt(string(x)) {
			return w.marshal(x)
		}
		w.out = append(w.out, x...)
	case map[string]any:
		return w.object(x)
	case []any:
		if x == nil {
			w.out = append(w.out, "null"...)
			return nil
		}
		w.out = append(w.out, '[')
		for i, e := range x {
			if i > 0 {
				w.out = append(w.out, ',')
			}
			if err := w.value(e); err != nil {
				return err
			}
		}
		w.out = append(w.out, ']')
	default:
		return w.marshal(v)
	}
	return nil
}

// object writes a JSON object, keys in byte order.
func (w *jsonWriter) object(m map[string]any) error {
	if m == nil {
		w.out = append(w.out, "null"...)
		return nil
	}
	start := len(w.keys)
	for k := range m {
		w.keys = append(w.keys, k)
	}
	keys := w.keys[start:]
	slices.Sort(keys)
	w.out = append(w.out, '{')
	for i, k := range keys {
		if i > 0 {
			w.out = append(w.out, ',')
		}
		w.out = appendJSONString(w.out, k)
		w.out = append(w.out, ':')
		if err := w.value(m[k]); err != nil {
			return err
		}
	}
	w.out = append(w.out, '}')
	w.keys = w.keys[:start]
	return nil
}

// marshal writes v with json.Marshal: numbers that need validating, and
// anything that is not part of a decoded tree.
func (w *jsonWriter) marshal(v any) error {
	b, err := json.Marshal(v)
	w.out = append(w.out, b...)
	return err
}

// appendJSONString appends s as a JSON string the way json.Marshal writes
// it: '"' and '\\' escaped, control characters as \b, \f, \n, \r, \t or
// \u00XX, '<', '>' and '&' as \u00XX, invalid UTF-8 as \ufffd, and U+2028
// and U+2029 escaped for JavaScript's sake.
func appendJSONString(out []byte, s string) []byte {
	const hex = "0123456789abcdef"
	out = append(out, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				out = append(append(out, s[start:i]...), `\ufffd`...)
			case r == '\u2028' || r == '\u2029':
				out = append(append(out, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
			default:
				i += n
				continue
			}
			i += n
			start = i
			continue
		}
		if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
			i++
			continue
		}
		out = append(out, s[start:i]...)
		switch c {
		case '"', '\\':
			out = append(out, '\\', c)
		case '\b':
			out = append(out, '\\', 'b')
		case '\f':
			out = append(out, '\\', 'f')
		case '\n':
			out = append(out, '\\', 'n')
		case '\r':
			out = append(out, '\\', 'r')
		case '\t':
			out = append(out, '\\', 't')
		default:
			out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		i++
		start = i
	}
	return append(append(out, s[start:]...), '"')
}
