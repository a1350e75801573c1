package jsonschema_test

import (
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/jsonschema"
)

// junctorCRD has what no marker writes, but hand-written CRDs and other
// generators do (gateway-api's Gateway addresses): allOf, anyOf, oneOf and
// not over fields with defaults, nullable fields and int-or-string.
const junctorCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: things.junctors.crdgen.dev
spec:
  group: junctors.crdgen.dev
  names: {kind: Thing, listKind: ThingList, plural: things, singular: thing}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              address:
                type: object
                properties:
                  type: {type: string, default: IPAddress}
                  value: {type: string}
                oneOf:
                - properties:
                    type: {enum: [IPAddress]}
                - properties:
                    type: {not: {enum: [IPAddress]}}
              mode:
                type: string
                default: a
                allOf:
                - enum: [a, b]
              note:
                type: string
                nullable: true
                anyOf:
                - maxLength: 3
                - pattern: '^x'
              size:
                x-kubernetes-int-or-string: true
                anyOf:
                - {type: integer, minimum: 1}
                - {type: string, pattern: '^[0-9]+%$'}
              exclusive:
                type: object
                properties:
                  a: {type: string}
                  b: {type: string}
                not:
                  required: [a, b]
`

// TestJunctorsAgreeWithTheServer judges objects of junctorCRD both ways,
// in both variants.
func TestJunctorsAgreeWithTheServer(t *testing.T) {
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.Unmarshal([]byte(junctorCRD), &crd); err != nil {
		t.Fatal(err)
	}
	j, err := newJudge(&crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
	specs := []string{
		`{}`,
		`{address: {}}`,
		`{address: {type: IPAddress, value: 1.2.3.4}}`,
		`{address: {type: Hostname}}`,
		`{address: {type: null}}`,
		`{mode: null}`, `{mode: b}`, `{mode: c}`,
		`{note: null}`, `{note: abc}`, `{note: xyzzy}`, `{note: abcd}`,
		`{size: 1}`, `{size: 0}`, `{size: "5%"}`, `{size: "5"}`, `{size: null}`, `{size: 1.5}`,
		`{exclusive: {a: x}}`, `{exclusive: {a: x, b: y}}`, `{exclusive: {a: x, b: null}}`, `{exclusive: null}`,
	}
	for _, spec := range specs {
		var s any
		if err := yaml.Unmarshal([]byte(spec), &s); err != nil {
			t.Fatal(err)
		}
		obj := map[string]any{"apiVersion": "junctors.crdgen.dev/v1", "kind": "Thing", "spec": s}
		for _, strict := range []bool{false, true} {
			v := j.judgeObject(obj, strict)
			if v.schema != v.server {
				t.Errorf("spec %s (strict %v): server %v, schema %v\n  server: %s\n  schema: %s", spec, strict, v.server, v.schema, v.serverErr, firstLine(v.schemaErr))
			}
		}
	}
}

// TestGenerateLayoutsAndCollisions checks where the files go, that
// unserved versions have none, and that two kinds of one name in two
// groups are an error in kubeconform's layout only.
func TestGenerateLayoutsAndCollisions(t *testing.T) {
	crd := func(group string, served bool) *apiextv1.CustomResourceDefinition {
		c := &apiextv1.CustomResourceDefinition{}
		c.Name = "widgets." + group
		c.Spec.Group = group
		c.Spec.Names.Kind = "Widget"
		c.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{
			{Name: "v1", Served: true, Storage: true},
			{Name: "v1beta1", Served: served},
		}
		return c
	}
	tests := []struct {
		name    string
		crds    []*apiextv1.CustomResourceDefinition
		layout  jsonschema.Layout
		want    string
		wantErr string
	}{
		{"kubeconform", []*apiextv1.CustomResourceDefinition{crd("a.example.com", true)}, "", "widget_v1.json widget_v1beta1.json", ""},
		{"unserved", []*apiextv1.CustomResourceDefinition{crd("a.example.com", false)}, jsonschema.LayoutKubeconform, "widget_v1.json", ""},
		{"catalog", []*apiextv1.CustomResourceDefinition{crd("A.example.com", false), crd("b.example.com", false)}, jsonschema.LayoutCatalog,
			"a.example.com/widget_v1.json b.example.com/widget_v1.json", ""},
		{"collision", []*apiextv1.CustomResourceDefinition{crd("a.example.com", false), crd("b.example.com", false)}, jsonschema.LayoutKubeconform,
			"", "widgets.a.example.com and widgets.b.example.com both have kind Widget in version v1"},
		{"no such layout", nil, "flat", "", `no layout "flat"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files, err := jsonschema.Generate(tc.crds, jsonschema.Options{Layout: tc.layout})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range files {
				got = append(got, f.Path)
				if !jsonschema.Owned(f.Data) {
					t.Errorf("%s: Owned is false for crdgen's own file", f.Path)
				}
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("got %v, want %s", got, tc.want)
			}
		})
	}
	if jsonschema.Owned([]byte(`{"$comment": "mine"}`)) || jsonschema.Owned([]byte(`not json`)) {
		t.Error("Owned is true for a file crdgen did not write")
	}
}

// TestSchemaIsDeterministic checks that the bytes do not change from run
// to run (maps are written with sorted keys).
func TestSchemaIsDeterministic(t *testing.T) {
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.Unmarshal([]byte(junctorCRD), &crd); err != nil {
		t.Fatal(err)
	}
	first, err := jsonschema.Schema(&crd, "v1", true)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		again, _ := jsonschema.Schema(&crd, "v1", true)
		if string(again) != string(first) {
			t.Fatalf("run %d wrote other bytes", i)
		}
	}
	if _, err := jsonschema.Schema(&crd, "v2", true); err == nil || !strings.Contains(err.Error(), "no version v2") {
		t.Errorf("a missing version: %v", err)
	}
}
