package schemagen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// TestInternalOfMatchesDecoding checks, on every golden CRD, that converting
// the object directly gives the internal object the API server decodes from
// its JSON, and leaves the object as it was.
func TestInternalOfMatchesDecoding(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "want", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden CRDs: %v", err)
	}
	v := NewValidator()
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		obj := &apiextv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(data, obj); err != nil || obj.Kind != "CustomResourceDefinition" {
			continue
		}
		n++
		before := obj.DeepCopy()
		js, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		want, err := v.Internal(js)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got, err := v.InternalOf(obj)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s: InternalOf differs from decoding the JSON", f)
		}
		if !reflect.DeepEqual(before, obj) {
			t.Errorf("%s: InternalOf changed the object", f)
		}
	}
	if n < 20 {
		t.Errorf("checked %d golden CRDs, want at least 20", n)
	}
}
