package schemagen

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"

	_ "github.com/crdgen/crdgen/internal/golden"
)

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
