package schemagen

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
	jsoncase "github.com/crdgen/crdgen/testdata/schemas_follow_encoding_json/v1"
)

// TestSchemasMatchEncodingJSON marshals values of a golden case's types
// with encoding/json and checks that the CRD crdgen generates for them
// takes every field Go writes (nothing pruned) and accepts the values, as
// the API server's own pruning and validation decide; a value the schema
// of a shadowed field would have rejected (a name over Common's MaxLength)
// must pass, since encoding/json never writes that field.
func TestSchemasMatchEncodingJSON(t *testing.T) {
	m := loadGolden(t, "schemas_follow_encoding_json")
	crds, diags := Generate(m, Options{})
	if diags.HasErrors() || len(crds) != 1 {
		t.Fatalf("generate: %d CRDs, %v", len(crds), diags)
	}
	v1Schema := crds[0].Object.Spec.Versions[0].Schema.OpenAPIV3Schema
	var internal apiextensions.JSONSchemaProps
	if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v1Schema, &internal, nil); err != nil {
		t.Fatal(err)
	}
	structural, err := structuralschema.NewStructural(&internal)
	if err != nil {
		t.Fatal(err)
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(&internal)
	if err != nil {
		t.Fatal(err)
	}

	limit := int64(7)
	w := jsoncase.Widget{TypeMeta: metav1.TypeMeta{APIVersion: "json.example.com/v1", Kind: "Widget"}, ObjectMeta: metav1.ObjectMeta{Name: "w"}}
	w.Spec.Name = "a name longer than Common's bound"
	w.Spec.Common.Name = "shadowed, never written"
	w.Spec.Zone = "not in Deeper's enum"
	w.Spec.Depth = 3
	w.Spec.Promoted = "up"
	w.Spec.Quote, w.Spec.Slash = "q", "s"
	w.Spec.Count, w.Spec.Enabled, w.Spec.Limit = 42, true, &limit
	w.Spec.Inline.Flag = true
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"count":"42"`, `"enabled":"true"`, `"limit":"7"`, `"Quote":"q"`, `"Slash":"s"`, `"promoted":"up"`} {
		if !strings.Contains(string(data), want) {
			t.Fatalf("encoding/json did not write %s: %s", want, data)
		}
	}
	var obj map[string]any
	if err := json.Unmarshal(data, &obj); err != nil {
		t.Fatal(err)
	}
	pruned := structuralpruning.PruneWithOptions(obj, structural, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})
	if len(pruned) > 0 {
		t.Errorf("the schema prunes fields Go writes: %v\n%s", pruned, data)
	}
	if errs := apiservervalidation.ValidateCustomResource(field.NewPath(""), obj, validator); len(errs) > 0 {
		t.Errorf("the schema rejects what Go writes: %v\n%s", errs, data)
	}
}

// loadGolden loads a golden case's packages (testdata/NAME at the
// repository's root); a load error or an error diagnostic ends the test.
func loadGolden(t *testing.T, name string) *model.Model {
	t.Helper()
	m, diags, err := parser.Load(context.Background(), []string{"./testdata/" + name + "/..."},
		parser.Options{Dir: "../..", WellKnown: IsWellKnown})
	if err != nil || diags.HasErrors() {
		t.Fatalf("load %s: %v %v", name, err, diags)
	}
	return m
}
