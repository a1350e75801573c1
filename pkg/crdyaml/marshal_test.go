package crdyaml

import (
	"bytes"
	"encoding/json"
	"runtime"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// TestMarshalMatchesSigsYAML pins that Marshal is byte for byte what
// controller-gen's path (sigs.k8s.io/yaml over a JSON map) writes, on values
// where go-yaml's number and string handling matter.
func TestMarshalMatchesSigsYAML(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	i := func(v int64) *int64 { return &v }
	obj := &apiextv1.CustomResourceDefinition{}
	obj.APIVersion, obj.Kind, obj.Name = "apiextensions.k8s.io/v1", "CustomResourceDefinition", "things.example.com"
	obj.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{{Name: "v1", Schema: &apiextv1.CustomResourceValidation{
		OpenAPIV3Schema: &apiextv1.JSONSchemaProps{
			Description: "a: colon, \"quotes\", a #hash, 'single', multi\nline\n\nparagraph, and trailing space ",
			Properties: map[string]apiextv1.JSONSchemaProps{
				"n":      {Type: "number", Maximum: f(1e21), Minimum: f(-0.5), MultipleOf: f(2)},
				"i":      {Type: "integer", Maximum: f(9007199254740993), MaxLength: i(1 << 62)},
				"yes":    {Type: "string", Enum: []apiextv1.JSON{{Raw: []byte(`"yes"`)}, {Raw: []byte(`"on"`)}, {Raw: []byte(`"1.0"`)}, {Raw: []byte(`"~"`)}, {Raw: []byte(`""`)}}},
				"def":    {Type: "object", Default: &apiextv1.JSON{Raw: []byte(`{"a":[1,2.5,true,null,"x"],"b":{}}`)}},
				"a10":    {Type: "string"},
				"a2":     {Type: "string", Pattern: `^[a-z]+(\.[a-z]+)*$`},
				"spaces": {Type: "string", Description: "  leading blanks"},
			},
		},
	}}}
	got, err := Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	j, _ := json.Marshal(obj)
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	delete(m, "status")
	delete(m["metadata"].(map[string]any), "creationTimestamp")
	want, err := yaml.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want = append([]byte("---\n"), want...)
	if !bytes.Equal(got, want) {
		t.Errorf("Marshal differs from sigs.k8s.io/yaml:\n--- want\n%s\n--- got\n%s", want, got)
	}
}

// TestBuffersOutliveCollections pins why Marshal does not use a sync.Pool:
// a buffer put back is there for the next CRD after garbage collections,
// and a huge one is let go.
func TestBuffersOutliveCollections(t *testing.T) {
	var l bufferList
	b := l.get()
	*b = append(*b, make([]byte, 1<<20)...)
	l.put(b)
	runtime.GC()
	runtime.GC()
	if got := l.get(); got != b || cap(*got) < 1<<20 {
		t.Errorf("after two collections, get returns a buffer of %d bytes, not the one put back", cap(*got))
	}
	huge := make([]byte, 0, keptMax+1)
	l.put(&huge)
	if got := l.get(); got == &huge {
		t.Error("a buffer larger than keptMax was kept")
	}
}
