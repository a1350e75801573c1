package crdyaml

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/internal/schemafill"
)

// treeByJSON is what crdTree replaces: the CRD through json.Marshal and a
// decoder with UseNumber.
func treeByJSON(obj *apiextv1.CustomResourceDefinition) (map[string]any, error) {
	j, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	delete(m, "status")
	delete(m["metadata"].(map[string]any), "creationTimestamp")
	return m, nil
}

// TestCrdTreeIsTheJSONTree pins crdTree to json.Marshal's result on random
// schemas that use every field of JSONSchemaProps.
func TestCrdTreeIsTheJSONTree(t *testing.T) {
	for seed := range int64(400) {
		f := schemafill.New(seed)
		var s1, s2 apiextv1.JSONSchemaProps
		f.Fill(&s1)
		f.Fill(&s2)
		obj := &apiextv1.CustomResourceDefinition{}
		obj.APIVersion, obj.Kind, obj.Name = "apiextensions.k8s.io/v1", "CustomResourceDefinition", "things.example.com"
		obj.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{
			{Name: "v1", Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &s1}},
			{Name: "v2"},
			{Name: "v3", Schema: &apiextv1.CustomResourceValidation{}},
			{Name: "v4", Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &s2}},
		}
		want, wantErr := treeByJSON(obj)
		got, err := crdTree(obj)
		if err == nil {
			// The schemas are left to the writer.
			var tree any
			tree, err = expandSchemas(got)
			got, _ = tree.(map[string]any)
		}
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("seed %d: error %v, json.Marshal's %v", seed, err, wantErr)
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Fatalf("seed %d: tree differs from json.Marshal's\n got %s\nwant %s", seed, g, w)
		}
	}
}

// TestCrdTreeCoversEverySchemaField fails when JSONSchemaProps or
// ValidationRule gains a field the random schemas never set, which would
// leave the test above blind to it.
func TestCrdTreeCoversEverySchemaField(t *testing.T) {
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				seen[k] = true
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	for seed := range int64(400) {
		var s apiextv1.JSONSchemaProps
		schemafill.New(seed).Fill(&s)
		tree, err := propsTree(&s)
		if err == nil {
			walk(tree)
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[apiextv1.JSONSchemaProps](), reflect.TypeFor[apiextv1.ValidationRule]()} {
		for i := range typ.NumField() {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if !seen[name] {
				t.Errorf("%s.%s (%q) never appears in a random schema's tree", typ.Name(), typ.Field(i).Name, name)
			}
		}
	}
}

// TestCrdTreeFailsLikeJSON pins the errors of the trees and of the schema
// writer: a JSON value that is not JSON, and a float JSON cannot hold.
func TestCrdTreeFailsLikeJSON(t *testing.T) {
	for i, s := range []apiextv1.JSONSchemaProps{
		{Default: &apiextv1.JSON{Raw: []byte(`{"a":`)}},
		{Enum: []apiextv1.JSON{{Raw: []byte(`1 2`)}}},
		{Properties: map[string]apiextv1.JSONSchemaProps{"a": {Maximum: ptrTo(math.Inf(1))}}},
		{Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{MultipleOf: ptrTo(math.NaN())}}},
	} {
		obj := &apiextv1.CustomResourceDefinition{}
		obj.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{{Name: "v1", Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &s}}}
		if _, err := treeByJSON(obj); err == nil {
			t.Fatalf("case %d: json.Marshal accepts it", i)
		}
		if _, err := propsTree(&s); err == nil {
			t.Errorf("case %d: propsTree accepts what json.Marshal rejects", i)
		}
		if _, err := Marshal(obj); err == nil {
			t.Errorf("case %d: Marshal accepts what json.Marshal rejects", i)
		}
	}
}

func ptrTo[T any](v T) *T { return &v }

// expandSchemas returns the tree with each schema crdTree left for the
// writer replaced by its tree.
func expandSchemas(v any) (any, error) {
	switch x := v.(type) {
	case *apiextv1.JSONSchemaProps:
		return propsTree(x)
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			var err error
			if m[k], err = expandSchemas(e); err != nil {
				return nil, err
			}
		}
		return m, nil
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			var err error
			if s[i], err = expandSchemas(e); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
	return v, nil
}

// TestSchemaWriterWritesTheTree pins the writer's schemas, written from
// JSONSchemaProps, to the trees of the same schemas written (the trees are
// pinned to json.Marshal above, and the tree writer to go-yaml), on random
// schemas that set every field, with keys that are not UTF-8 among them,
// and on the errors.
func TestSchemaWriterWritesTheTree(t *testing.T) {
	for seed := range int64(400) {
		var s apiextv1.JSONSchemaProps
		schemafill.New(seed).Fill(&s)
		tree, treeErr := propsTree(&s)
		for _, v := range []func(x any) any{
			func(x any) any { return x },
			func(x any) any { return map[string]any{"a": []any{x, map[string]any{"b": x}}} },
		} {
			got, err := appendYAML(nil, v(&s))
			if treeErr != nil {
				if err == nil {
					t.Fatalf("seed %d: writer accepts a schema whose tree fails: %v", seed, treeErr)
				}
				continue
			}
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			want, err := appendYAML(nil, v(tree))
			if err != nil {
				t.Fatalf("seed %d: tree: %v", seed, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("seed %d: schema written differs from its tree written (-want +got):\n%s", seed, golden.Diff(want, got))
			}
		}
	}
}

// TestSchemaFieldOrderIsGoYAMLsOnEverySubset checks what the writer relies
// on: the keys of any set of fields, sorted as go-yaml sorts keys, are in
// schemaFieldOrder's order.
func TestSchemaFieldOrderIsGoYAMLsOnEverySubset(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var keys, want []string
		for _, f := range schemaFieldOrder {
			if rng.IntN(3) == 0 {
				want = append(want, schemaFieldNames[f])
			}
		}
		keys = slices.Clone(want)
		rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		sortYAMLKeys(keys)
		if !slices.Equal(keys, want) {
			t.Fatalf("go-yaml sorts %q as %q", want, keys)
		}
	}
	seen := map[string]bool{}
	for _, f := range schemaFieldOrder {
		seen[schemaFieldNames[f]] = true
	}
	typ := reflect.TypeFor[apiextv1.JSONSchemaProps]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if !seen[name] {
			t.Errorf("JSONSchemaProps.%s (%q) is not a field the writer knows", typ.Field(i).Name, name)
		}
	}
	if len(seen) != typ.NumField() {
		t.Errorf("the writer knows %d fields, JSONSchemaProps has %d", len(seen), typ.NumField())
	}
}

// TestPlainJSONStringIsWhatDecodingGives pins the writer's shortcut for
// JSON values that are plain strings to decodeJSON.
func TestPlainJSONStringIsWhatDecodingGives(t *testing.T) {
	for _, raw := range []string{
		`"abc"`, `""`, `"a b: c # d"`, `"\u0041"`, `"a\"b"`, `"a"b"`, `"`, `""""`, ` "a"`, `"a" `,
		"\"a\tb\"", "\"\xff\"", `"é"`, `"yes"`, `"1.0"`, `1`, `null`, `["a"]`,
	} {
		got, ok := plainJSONString([]byte(raw))
		v, err := decodeJSON([]byte(raw))
		switch {
		case ok && err != nil:
			t.Errorf("%q: shortcut takes what decoding rejects: %v", raw, err)
		case ok && v != got:
			t.Errorf("%q: shortcut gives %q, decoding %#v", raw, got, v)
		}
	}
	if _, ok := plainJSONString([]byte(`"abc"`)); !ok {
		t.Error(`the shortcut does not take "abc"`)
	}
}
