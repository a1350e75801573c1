package crdyaml

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	yamlv2 "go.yaml.in/yaml/v2"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// largeCRD builds a CRD of several hundred kilobytes of YAML, the size of
// the big operator CRDs, by nesting the schema of every golden CRD under its
// first version's schema a few times over.
func largeCRD(tb testing.TB) *apiextv1.CustomResourceDefinition {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "want", "*.yaml"))
	if len(files) == 0 {
		tb.Fatal("no golden CRDs")
	}
	var base *apiextv1.CustomResourceDefinition
	props := map[string]apiextv1.JSONSchemaProps{}
	for round := range 8 {
		for i, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				tb.Fatal(err)
			}
			var crd apiextv1.CustomResourceDefinition
			if err := yaml.Unmarshal(data, &crd); err != nil {
				tb.Fatalf("%s: %v", f, err)
			}
			if base == nil {
				base = crd.DeepCopy()
			}
			for j, v := range crd.Spec.Versions {
				if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
					props[fmt.Sprintf("golden%dRound%dVersion%d", i, round, j)] = *v.Schema.OpenAPIV3Schema
				}
			}
		}
	}
	base.Spec.Versions = base.Spec.Versions[:1]
	base.Spec.Versions[0].Schema = &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{
		Type: "object", Description: "Everything the golden CRDs describe, several times over.", Properties: props,
	}}
	return base
}

// BenchmarkMarshal measures writing one large CRD.
func BenchmarkMarshal(b *testing.B) {
	crd := largeCRD(b)
	y, err := Marshal(crd)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(y)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Marshal(crd); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarshalWithGoYAML measures Marshal as it was with go-yaml v2,
// for comparison with BenchmarkMarshal.
func BenchmarkMarshalWithGoYAML(b *testing.B) {
	crd := largeCRD(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := marshalWithGoYAML(crd); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkYAMLWriter measures the YAML step alone on one large CRD:
// crdgen's writer as Marshal uses it (schemas written from JSONSchemaProps),
// and crdgen's writer and go-yaml v2 on the CRD's whole value tree.
func BenchmarkYAMLWriter(b *testing.B) {
	shell, err := crdTree(largeCRD(b))
	if err != nil {
		b.Fatal(err)
	}
	tree, err := expandSchemas(shell)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"crdgen", shell}, {"crdgen-tree", tree}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := appendYAML(nil, c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("go-yaml", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := yamlv2.Marshal(goYAMLNumbers(tree)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
