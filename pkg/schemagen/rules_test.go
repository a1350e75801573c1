package schemagen

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"

	_ "github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/markers"
)

// TestEveryMarkerHasAMeaning checks that every registered marker is either
// handled by the schema rules or declared to have no schema effect, so that
// a marker added to the registry cannot be silently ignored.
func TestEveryMarkerHasAMeaning(t *testing.T) {
	rules := schemaRules()
	none := map[reflect.Type]bool{}
	for _, v := range noSchemaEffect() {
		none[reflect.TypeOf(v)] = true
	}
	for _, d := range markers.DefaultRegistry().Definitions() {
		typ := reflect.TypeOf(d.Args)
		if d.Foreign {
			typ = reflect.TypeFor[markers.Raw]()
		}
		_, handled := rules[typ]
		if !handled && !none[typ] {
			t.Errorf("+%s (%s) is neither in schemaRules nor in noSchemaEffect", d.Name, typ)
		}
		if handled && none[typ] {
			t.Errorf("+%s (%s) is in both schemaRules and noSchemaEffect", d.Name, typ)
		}
	}
}

// TestGoldenCRDsPassServerValidation runs the API server's create-time
// validation on every golden CRD of the repository.
func TestGoldenCRDsPassServerValidation(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "want", "*.yaml"))
	examples, _ := filepath.Glob(filepath.Join("..", "..", "examples", "config", "crd", "bases", "*.yaml"))
	files = append(files, examples...)
	if len(files) < 10 {
		t.Fatalf("found %d golden CRDs, want at least 10", len(files))
	}
	v := NewValidator()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := v.Internal(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, e := range validation.ValidateCustomResourceDefinition(context.Background(), in) {
			t.Errorf("%s: the API server rejects it: %v", f, e)
		}
	}
}
