package crdsize

// This file implements measuring a CRD as JSON, as kubectl apply encodes it
// for its annotation: encoding/json's compact form with its escapes
// (HTML-safe, as json.Encoder writes by default), counted without writing
// it (size does not depend on the order of keys).

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/crdyaml"
)

// The limits, in bytes.
const (
	// AnnotationsLimit is what the API server allows all of an object's
	// annotations together (keys and values): "metadata.annotations: Too
	// long: must have at most 262144 bytes" (apimachinery's
	// TotalAnnotationSizeLimitB).
	AnnotationsLimit = 256 << 10
	// EtcdLimit is etcd's default --max-request-bytes: a larger object is
	// refused with "etcdserver: request is too large".
	EtcdLimit = 3 << 19
	// HelmLimit is the most a Kubernetes Secret holds, where Helm keeps a
	// release and its chart's files.
	HelmLimit = 1 << 20
)

// LastAppliedAnnotation is the annotation kubectl apply (client-side)
// writes the applied object into.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// Size is how large a CRD is, in bytes, as each limit counts it.
type Size struct {
	// JSON is the CRD as compact JSON: the file's content, as the API
	// server receives and stores it.
	JSON int64 `json:"json"`
	// LastApplied is the value kubectl apply writes into its annotation:
	// the object as applied, as JSON (json.Encoder: compact, a final
	// newline), with its annotations but that one, present even when empty
	// (kubectl's util.GetModifiedConfiguration).
	LastApplied int64 `json:"lastApplied"`
	// Annotations is every annotation of the CRD once kubectl apply has
	// added its own, keys and values, as the API server counts them
	// against AnnotationsLimit.
	Annotations int64 `json:"annotations"`
}

// Measure returns the sizes of a CRD as crdgen writes it.
func Measure(obj *apiextv1.CustomResourceDefinition) (Size, error) {
	tree, err := crdyaml.Shell(obj)
	if err != nil {
		return Size{}, fmt.Errorf("measuring %s: %w", obj.Name, err)
	}
	versions, _ := tree["spec"].(map[string]any)["versions"].([]any)
	for _, v := range versions {
		s, _ := v.(map[string]any)["schema"].(map[string]any)
		p, ok := s["openAPIV3Schema"].(*apiextv1.JSONSchemaProps)
		if !ok {
			continue
		}
		n, ok := schemaLen(p)
		if !ok {
			t, err := crdyaml.SchemaTree(p)
			if err != nil {
				return Size{}, fmt.Errorf("measuring %s: %w", obj.Name, err)
			}
			n = jsonLen(t)
		}
		s["openAPIV3Schema"] = measured(n)
	}
	return measureTree(tree), nil
}

// measured is a value in a tree already measured: its length as JSON.
type measured int64

// measureTree measures the JSON tree of a CRD (crdyaml.Tree); it changes
// the tree while it counts and puts it back.
func measureTree(tree map[string]any) Size {
	s := Size{JSON: jsonLen(tree)}
	md, ok := tree["metadata"].(map[string]any)
	if !ok {
		md = map[string]any{}
		tree["metadata"] = md
		defer delete(tree, "metadata")
	}
	old, had := md["annotations"]
	defer func() {
		if had {
			md["annotations"] = old
		} else {
			delete(md, "annotations")
		}
	}()
	others := map[string]any{}
	var othersLen int64
	if m, ok := old.(map[string]any); ok {
		for k, v := range m {
			if k == LastAppliedAnnotation {
				continue
			}
			others[k] = v
			if str, ok := v.(string); ok {
				othersLen += int64(len(k) + len(str))
			}
		}
	}
	md["annotations"] = others
	s.LastApplied = jsonLen(tree) + 1
	s.Annotations = othersLen + int64(len(LastAppliedAnnotation)) + s.LastApplied
	return s
}

// jsonLen is the length of v (a tree of maps, slices, strings,
// json.Number, bools and nils) as compact JSON.
func jsonLen(v any) int64 {
	switch x := v.(type) {
	case measured:
		return int64(x)
	case nil:
		return 4
	case bool:
		if x {
			return 4
		}
		return 5
	case string:
		return StringLen(x)
	case json.Number:
		return int64(len(x))
	case map[string]any:
		n := int64(2)
		if len(x) > 0 {
			n += int64(len(x) - 1)
		}
		for k, e := range x {
			n += StringLen(k) + 1 + jsonLen(e)
		}
		return n
	case []any:
		n := int64(2)
		if len(x) > 0 {
			n += int64(len(x) - 1)
		}
		for _, e := range x {
			n += jsonLen(e)
		}
		return n
	case int64:
		return int64(len(strconv.FormatInt(x, 10)))
	case float64:
		b, _ := json.Marshal(x)
		return int64(len(b))
	}
	b, _ := json.Marshal(v)
	return int64(len(b))
}

// StringLen is the length of s as a JSON string, quotes included, with
// encoding/json's escapes: \" \\ \n \r \t \b \f, \u00XX for other control
// characters and for < > & (HTML-safe), \u2028 and \u2029, and \ufffd for
// each byte of invalid UTF-8.
func StringLen(s string) int64 {
	n, _ := stringLen(s)
	return n
}

// asciiLen is the length of each ASCII byte in a JSON string.
var asciiLen = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		switch {
		case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f':
			t[c] = 2
		case c < 0x20 || c == '<' || c == '>' || c == '&':
			t[c] = 6
		default:
			t[c] = 1
		}
	}
	return t
}()

// stringLen is StringLen, and whether s is valid UTF-8.
func stringLen(s string) (n int64, valid bool) {
	n, valid = 2, true
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n += int64(asciiLen[c])
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			n += 6
			valid = false
		case r == '\u2028' || r == '\u2029':
			n += 6
		default:
			n += int64(size)
		}
		i += size
	}
	return n, valid
}

// DescriptionLen is how many bytes a schema's description adds to the
// CRD's JSON: its key, its value and the comma between it and the schema's
// other keywords (every schema crdgen writes has one, its type or a
// reference).
func DescriptionLen(desc string) int64 {
	if desc == "" {
		return 0
	}
	return int64(len(`"description":,`)) + StringLen(desc)
}
