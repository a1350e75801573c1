package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// descriptionVariants are the ways a run leaves descriptions out: the
// budget at its tightest (every description below the top two levels of
// spec and status), and every description (controller-gen's maxDescLen=0).
var descriptionVariants = [][]string{
	{"--max-crd-bytes=1", "--size-limits=warn"},
	{"--max-description-length=0"},
}

// TestTrimmedCRDsValidateTheSame runs every case of the repository's CRD
// test suites (those of the golden cases, which the e2e suite also runs on
// a real API server) against the CRDs as built and against the same CRDs
// without descriptions, and checks that every case has the same outcome:
// each request accepted or refused alike, with the same messages.
func TestTrimmedCRDsValidateTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every suite three times")
	}
	root := repoRoot(t)
	dirs, _ := filepath.Glob(filepath.Join(root, "testdata", "*", "v1", "tests"))
	cases := 0
	for _, d := range dirs {
		name := filepath.Base(filepath.Dir(filepath.Dir(d)))
		if name == "crd_test_suites_malformed_exit_2" {
			continue
		}
		pattern := "./testdata/" + name + "/..."
		cfg := filepath.Join(root, "testdata", name, "crdgen.yaml")
		if _, err := os.Stat(cfg); err != nil {
			cfg = ""
		}
		want, code, _ := runArgs(t, root, cfg, "test", "--format", "json", pattern)
		var outcome map[string]any
		if err := json.Unmarshal(want, &outcome); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, want)
		}
		cases += bytes.Count(want, []byte(`"case":`))
		for _, v := range descriptionVariants {
			got, gotCode, stderr := runArgs(t, root, cfg, append(append([]string{"test", "--format", "json"}, v...), pattern)...)
			if hasErrorLine(stderr) {
				t.Errorf("%s %v: errors:\n%s", name, v, stderr)
			}
			if gotCode != code || !bytes.Equal(got, want) {
				t.Errorf("%s %v: exit %d, want %d; the outcomes differ:\n%s\nwant\n%s", name, v, gotCode, code, got, want)
			}
		}
	}
	if cases < 20 {
		t.Fatalf("only %d cases run", cases)
	}
	t.Logf("%d suite directories, %d cases, each against the CRDs as built and %d variants without descriptions", len(dirs)-1, cases, len(descriptionVariants))
}

// TestTrimmedSchemasAreTheSame builds the CRDs of every golden case that
// builds without error as built and at the tightest budget: the API
// server's validation (the pipeline's) accepts both, and the schemas are
// the same but for descriptions. (maxDescriptionLength=0 clears every
// description before the schema is checked, as ever.)
func TestTrimmedSchemasAreTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every golden case three times")
	}
	root := repoRoot(t)
	cases, _ := filepath.Glob(filepath.Join(root, "testdata", "*", "commands.txt"))
	compared := 0
	for _, c := range cases {
		name := filepath.Base(filepath.Dir(c))
		if _, err := os.Stat(filepath.Join(filepath.Dir(c), "crdgen.yaml")); err == nil {
			continue // feature sets write each set to its own directory
		}
		pattern := "./testdata/" + name + "/..."
		want, code, _ := runArgs(t, root, "", "crd", "-o", "-", pattern)
		if code != exitOK {
			continue
		}
		for _, v := range descriptionVariants[:1] {
			got, gotCode, stderr := runArgs(t, root, "", append(append([]string{"crd", "-o", "-"}, v...), pattern)...)
			if gotCode != exitOK || hasErrorLine(stderr) {
				t.Errorf("%s %v: exit %d:\n%s", name, v, gotCode, stderr)
				continue
			}
			w, g := withoutDescriptions(t, want), withoutDescriptions(t, got)
			if !reflect.DeepEqual(w, g) {
				t.Errorf("%s %v: the schemas differ beyond descriptions", name, v)
			}
			compared += len(w)
		}
	}
	if compared < 40 {
		t.Fatalf("only %d CRDs compared", compared)
	}
	t.Logf("%d CRDs compared", compared)
}

// runArgs runs crdgen in dir with the settings file config ("": none) and
// returns its standard output, exit code and standard error.
func runArgs(t *testing.T, dir, config string, args ...string) ([]byte, int, string) {
	t.Helper()
	a, stdout, stderr := testApp(dir)
	a.ConfigFile = config
	code := a.main(args)
	return stdout.Bytes(), code, stderr.String()
}

// withoutDescriptions reads a stream of CRDs and clears every description
// of their schemas.
func withoutDescriptions(t *testing.T, stream []byte) []apiextv1.CustomResourceDefinition {
	t.Helper()
	var out []apiextv1.CustomResourceDefinition
	for _, doc := range strings.Split("\n"+string(stream), "\n---\n") {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict([]byte(doc), &crd); err != nil {
			t.Fatal(err)
		}
		for i := range crd.Spec.Versions {
			if s := crd.Spec.Versions[i].Schema; s != nil && s.OpenAPIV3Schema != nil {
				schemapath.Edit(s.OpenAPIV3Schema, func(s *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
					s.Description = ""
					return true
				})
			}
		}
		out = append(out, crd)
	}
	return out
}
