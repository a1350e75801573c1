package jsonschema_test

// This file holds the JSON Schemas to the clients that read them:
// kubeconform (as a library: its validator, its registry of schema
// locations, its compiler settings) and yaml-language-server (driven over
// stdio by hack/yamlls/check.mjs, as an editor drives it).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/yannh/kubeconform/pkg/validator"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/jsonschema"
)

// brokenCronJob is the example's sample with a value outside an enum, a
// misspelt field and a string where a number goes.
const brokenCronJob = `apiVersion: batch.tutorial.example.com/v1
kind: CronJob
metadata:
  name: cronjob-sample
spec:
  schedule: "*/1 * * * *"
  concurrencyPolicy: Sometimes
  scheduel: x
  startingDeadlineSeconds: soon
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox
`

// newKubeconform is kubeconform's validator with the schemas at location
// (a -schema-location template), as kubeconform -strict or not runs it.
func newKubeconform(t *testing.T, location string, strict bool) validator.Validator {
	t.Helper()
	v, err := validator.New([]string{location}, validator.Opts{Strict: strict})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// kubeconform validates a manifest with a new validator; it returns each
// resource's status and error.
func kubeconform(t *testing.T, location string, strict bool, name string, manifest []byte) []validator.Result {
	t.Helper()
	return newKubeconform(t, location, strict).Validate(name, readCloser(manifest))
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }

func readCloser(b []byte) nopCloser { return nopCloser{bytes.NewReader(b)} }

// TestKubeconformReadsTheSchemas validates the example's manifests with
// kubeconform and the example's schemas ({{ .StrictSuffix }} picks the
// strict variant under -strict): valid, and the broken one invalid for
// its three mistakes in the strict variant and for two in the loose one,
// which accepts the unknown field.
func TestKubeconformReadsTheSchemas(t *testing.T) {
	root := repoRoot(t)
	location := filepath.Join(root, "examples", "config", "jsonschema") + "{{ .StrictSuffix }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json"
	samples, _ := filepath.Glob(filepath.Join(root, "examples", "config", "samples", "*.yaml"))
	if len(samples) == 0 {
		t.Fatal("no manifests in examples/config/samples")
	}
	for _, strict := range []bool{false, true} {
		for _, file := range samples {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range kubeconform(t, location, strict, file, data) {
				if r.Status != validator.Valid {
					t.Errorf("kubeconform (strict %v) %s: status %d, want valid: %v %v", strict, filepath.Base(file), r.Status, r.Err, r.ValidationErrors)
				}
			}
		}
		results := kubeconform(t, location, strict, "broken.yaml", []byte(brokenCronJob))
		if len(results) != 1 || results[0].Status != validator.Invalid {
			t.Fatalf("kubeconform (strict %v) broken.yaml: %+v, want one invalid resource", strict, results)
		}
		var paths []string
		for _, e := range results[0].ValidationErrors {
			paths = append(paths, e.Path)
		}
		want := "/spec/concurrencyPolicy /spec/startingDeadlineSeconds"
		if strict {
			want = "/spec /spec/concurrencyPolicy /spec/startingDeadlineSeconds"
		}
		if got := strings.Join(slices.Sorted(slices.Values(paths)), " "); got != want {
			t.Errorf("kubeconform (strict %v) broken.yaml: errors at %s, want %s\n%v", strict, got, want, results[0].ValidationErrors)
		}
	}
}

// TestKubeconformReadsEverySchema writes the schemas of every CRD of the
// corpus in the catalog layout and has kubeconform validate a valid object
// of each served version, in both variants: kubeconform reads a schema it
// cannot compile as no schema at all, which this would catch.
func TestKubeconformReadsEverySchema(t *testing.T) {
	root := repoRoot(t)
	var crds []*apiextv1.CustomResourceDefinition
	seen := map[string]bool{}
	for _, c := range corpusCRDs(t, root) {
		if !seen[c.crd.Name] {
			seen[c.crd.Name] = true
			crds = append(crds, c.crd)
		}
	}
	for _, strict := range []bool{false, true} {
		dir := t.TempDir()
		files, err := jsonschema.Generate(crds, jsonschema.Options{Layout: jsonschema.LayoutCatalog, Strict: strict})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			path := filepath.Join(dir, filepath.FromSlash(f.Path))
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		location := dir + "/{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json"
		kc := newKubeconform(t, location, strict)
		checked := 0
		for _, crd := range crds {
			for _, v := range crd.Spec.Versions {
				if !v.Served {
					continue
				}
				checked += kubeconformAgrees(t, crd, v.Name, kc, strict)
			}
		}
		t.Logf("strict %v: kubeconform judged %d objects of %d CRDs as the server does", strict, checked, len(crds))
	}
}

// kubeconformAgrees has kubeconform judge the first objects of a version
// (a valid one, then changes of it) and requires the API server's verdict
// (without CEL rules, and leaving out what JSON Schema cannot say). It
// returns how many it judged.
func kubeconformAgrees(t *testing.T, crd *apiextv1.CustomResourceDefinition, version string, kc validator.Validator, strict bool) int {
	t.Helper()
	j, err := newJudge(crd, version)
	if err != nil {
		t.Fatal(err)
	}
	objs := mutations(crd, version)
	n := 0
	for _, obj := range objs[:min(len(objs), 25)] {
		v := j.judgeObject(obj, strict)
		if unsayable(v, obj) != "" {
			continue
		}
		data, _ := yaml.Marshal(withMetadata(obj, j.namespaced))
		for _, r := range kc.Validate(crd.Name, readCloser(data)) {
			n++
			if (r.Status == validator.Valid) != v.plain {
				t.Errorf("kubeconform (strict %v): %s %s: status %d, the server says %v: %v %v\n%s", strict, crd.Name, version, r.Status, v.plain, r.Err, r.ValidationErrors, data)
			}
		}
	}
	return n
}

// TestYAMLLanguageServerReadsTheSchemas opens the example's manifests in
// yaml-language-server with the example's strict schema (hack/yamlls
// installs it with npm, into $CRDGEN_YAMLLS_DIR or the user cache
// directory) and checks its diagnostics: none for the sample, and the
// enum, the misspelt field and the type for the broken one.
func TestYAMLLanguageServerReadsTheSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("installs and starts yaml-language-server; not under -short")
	}
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: yaml-language-server is not checked", tool)
		}
	}
	root := repoRoot(t)
	work := os.Getenv("CRDGEN_YAMLLS_DIR")
	if work == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			t.Skipf("no directory to install yaml-language-server into: %v", err)
		}
		work = filepath.Join(cache, "crdgen", "yaml-language-server")
	}
	schema := filepath.Join(root, "examples", "config", "jsonschema-strict", "cronjob_v1.json")
	broken := filepath.Join(t.TempDir(), "broken.yaml")
	if err := os.WriteFile(broken, []byte(brokenCronJob), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		manifest string
		want     []string // line:character: a part of the message
	}{
		{filepath.Join(root, "examples", "config", "samples", "batch_v1_cronjob.yaml"), nil},
		{broken, []string{`6:21: Value is not accepted. Valid values: "Allow", "Forbid", "Replace"`, "7:2: Property scheduel is not allowed.", "8:27: Incorrect type. Expected one of integer, null"}},
	} {
		cmd := exec.Command("node", filepath.Join(root, "hack", "yamlls", "check.mjs"), "--workdir", work, "--schema", schema, "--manifest", tc.manifest)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("hack/yamlls/check.mjs: %v\n%s", err, stderr.String())
		}
		var diags []struct {
			Line, Character, Severity int
			Message                   string
		}
		if err := json.Unmarshal(out, &diags); err != nil {
			t.Fatalf("hack/yamlls/check.mjs printed %q: %v", out, err)
		}
		var got []string
		for _, d := range diags {
			got = append(got, fmt.Sprintf("%d:%d: %s", d.Line, d.Character, d.Message))
		}
		slices.Sort(got)
		if len(got) != len(tc.want) {
			t.Errorf("%s: diagnostics %q, want %q", filepath.Base(tc.manifest), got, tc.want)
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], tc.want[i]) {
				t.Errorf("%s: diagnostic %q, want %q...", filepath.Base(tc.manifest), got[i], tc.want[i])
			}
		}
	}
}
