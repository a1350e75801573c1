package k8stags

// This file has what both tests share: the golden case's CRD served as the
// API server serves it, and the field paths of a verdict, written one way.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/crtest"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"
)

// goldenCRD is the CRD of the golden case that uses every tag, as crdgen
// writes it (TestGolden in cmd/crdgen holds the file to crdgen's output).
const goldenCRD = "../../testdata/k8s_declarative_validation_tags/want/dv.example.com_gadgets.yaml"

// pathsOf are the field paths of validation-gen's errors, normalPaths'
// way.
func pathsOf(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Field)
	}
	return normalPaths(out)
}

// normalPaths are field paths sorted, each once, with a map's key written
// one way. The one difference of notation: validation-gen and the API
// server's CEL validation name a map's value spec.limits[a]
// (field.Path.Key), and the server's OpenAPI schema validation of a custom
// resource spec.limits.a, the same node.
func normalPaths(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = mapKeyRE.ReplaceAllString(p, ".$1")
	}
	return slices.Compact(slices.Sorted(slices.Values(out)))
}

// mapKeyRE matches a map key in a field path: [key] that is not an index.
var mapKeyRE = regexp.MustCompile(`\[([^0-9\]][^\]]*)\]`)

// pathsOfResponse are the field paths of a response's errors, normalPaths'
// way (none: accepted).
func pathsOfResponse(res crtest.Response) ([]string, error) {
	if res.Err == nil {
		return nil, nil
	}
	var status apierrors.APIStatus
	if !errors.As(res.Err, &status) || status.Status().Details == nil {
		return nil, fmt.Errorf("not a field error: %v", res.Err)
	}
	var out []string
	for _, cause := range status.Status().Details.Causes {
		// Beside a schema error the server says that it skipped the CEL
		// rules elsewhere in the object: no verdict on any field.
		if cause.Field == "<nil>" && strings.Contains(cause.Message, "some validation rules were not checked") {
			continue
		}
		out = append(out, cause.Field)
	}
	return normalPaths(out), nil
}

// goldenServer serves the golden CRD's v1 through crdgen test's in-process
// server, the API server's own request path.
func goldenServer(t *testing.T) *crtest.Server {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(goldenCRD))
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		t.Fatal(err)
	}
	srv, err := crtest.NewServer(&crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
	return srv
}
