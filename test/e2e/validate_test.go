package e2e

// This file holds crdgen validate to the API server: the manifests of the
// validate golden cases, and the objects of the repository's CRD test
// suites and mutations of them, judged in process (pkg/validate through
// crtest) and by the real server, must get the same verdict and the same
// problems at the same YAML nodes (the server's field paths, mapped back).

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/validate"
)

// validateCase is the golden case of crdgen validate whose CRD the server
// serves (validate_updates_judged_with_old_self has the same types).
const validateCase = "./testdata/validate_manifests_at_their_lines/..."

// TestValidateAgreesWithTheServer judges every object both ways and
// requires the same verdict and the same diagnostics (position, code and
// message: the server's field path and text).
func TestValidateAgreesWithTheServer(t *testing.T) {
	if env == nil {
		t.Skip("the API server is not started under -short")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	caseDir := filepath.Join(root, "testdata", "validate_manifests_at_their_lines")
	updates := filepath.Join(root, "testdata", "validate_updates_judged_with_old_self")
	fileCRDs, diags := validate.ReadCRDs(inputsOf(t, filepath.Join(caseDir, "crds")), validate.DefaultLimits())
	if len(diags) > 0 || len(fileCRDs) != 1 {
		t.Fatalf("--crds: %v", diags)
	}
	installCRDs(t, fileCRDs)
	var crds []*apiextv1.CustomResourceDefinition
	for _, name := range []string{"widgets.shop.example.com"} {
		crds = append(crds, env.generated[name])
	}
	crds = append(crds, fileCRDs...)
	for _, s := range suiteObjects(t, root) {
		crds = append(crds, s.crd)
	}
	catalogs := []*validate.Catalog{validate.NewCatalog("", crds)}
	total, agree, skipped, invalid := 0, 0, 0, 0
	for _, tc := range []struct {
		name     string
		inputs   func() []validate.Input
		old      func() []validate.Input
		modes    []string
		mutation bool
	}{
		{name: "manifests", inputs: func() []validate.Input { return inputsOf(t, filepath.Join(caseDir, "manifests")) },
			modes: []string{metav1.FieldValidationStrict, metav1.FieldValidationWarn, metav1.FieldValidationIgnore}},
		{name: "updates", inputs: func() []validate.Input { return inputsOf(t, filepath.Join(updates, "new")) },
			old: func() []validate.Input { return inputsOf(t, filepath.Join(updates, "old")) }, modes: []string{metav1.FieldValidationStrict}},
		{name: "suites", inputs: func() []validate.Input { return suiteInputs(t, root, false) }, modes: []string{metav1.FieldValidationStrict}},
		{name: "suite mutations", inputs: func() []validate.Input { return suiteInputs(t, root, true) }, modes: []string{metav1.FieldValidationStrict, metav1.FieldValidationWarn}},
	} {
		for _, mode := range tc.modes {
			var old []validate.Input
			opts := validate.Options{FieldValidation: mode, Limits: validate.DefaultLimits()}
			if tc.old != nil {
				old = tc.old()
			}
			local := validate.Run(tc.inputs(), old, catalogs, opts)
			if tc.old != nil {
				old = tc.old()
			}
			opts.Serve = newRealServe(t)
			real := validate.Run(tc.inputs(), old, catalogs, opts)
			if len(local.Verdicts) != len(real.Verdicts) {
				t.Fatalf("%s %s: %d objects in process, %d on the server", tc.name, mode, len(local.Verdicts), len(real.Verdicts))
			}
			ld, rd := byObject(local), byObject(real)
			for i, lv := range local.Verdicts {
				rv := real.Verdicts[i]
				if lv.State == validate.Skipped {
					continue
				}
				at := lv.Object.Pos.String()
				if slices.ContainsFunc(rd[at], func(d markers.Diagnostic) bool { return strings.Contains(d.Msg, "the old object cannot be read") }) {
					skipped++ // the server holds no such old object: it refuses it now (ratcheting needs the old CRD)
					continue
				}
				total++
				if lv.State != rv.State || lines(ld[at]) != lines(rd[at]) {
					t.Errorf("%s (%s): %s: in process %s\n%s\non the server %s\n%s", tc.name, mode, at, lv.State, lines(ld[at]), rv.State, lines(rd[at]))
					continue
				}
				agree++
				if lv.State != validate.Valid {
					invalid++
				}
			}
		}
	}
	t.Logf("crdgen validate agrees with the API server on %d of %d verdicts (%d of them invalid), with the same problems at the same lines (%d updates whose old object the server refuses today left out)", agree, total, invalid, skipped)
	if total < 50 {
		t.Errorf("only %d objects compared", total)
	}
}

// byObject groups a report's diagnostics by the object they are about (the
// object's position starts the diagnostic's message's owner).
func byObject(r *validate.Report) map[string][]markers.Diagnostic {
	out := map[string][]markers.Diagnostic{}
	for _, v := range r.Verdicts {
		out[v.Object.Pos.String()] = nil
	}
	for _, d := range r.Diags {
		owner := ""
		for _, v := range r.Verdicts {
			o := v.Object
			if o.Pos.Filename == d.Pos.Filename && (o.Pos.Line < d.Pos.Line || o.Pos.Line == d.Pos.Line && o.Pos.Column <= d.Pos.Column) {
				owner = o.Pos.String()
			}
		}
		out[owner] = append(out[owner], d)
	}
	return out
}

func lines(ds []markers.Diagnostic) string {
	var out []string
	for _, d := range ds {
		out = append(out, "\t"+d.String())
	}
	return strings.Join(out, "\n")
}

// inputsOf opens the manifests of a directory.
func inputsOf(t *testing.T, dir string) []validate.Input {
	t.Helper()
	files, err := validate.Find([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	in, closeAll, err := validate.Open(files, nil, "", func(s string) string { return s })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeAll)
	return in
}

// suiteObject is a create case of a CRD test suite.
type suiteObject struct {
	crd  *apiextv1.CustomResourceDefinition
	name string
	text string
}

// suiteObjects are the initial objects of every create case of the
// repository's suites, with their CRD.
func suiteObjects(t *testing.T, root string) []suiteObject {
	t.Helper()
	var dirs []string
	for _, p := range suiteCases() {
		dirs = append(dirs, filepath.Join(root, strings.TrimSuffix(p, "/..."), "v1"))
	}
	files, err := crtest.FindSuites(dirs, nil, safefile.OS{})
	if err != nil {
		t.Fatal(err)
	}
	var out []suiteObject
	for _, file := range files {
		s, err := crtest.ReadSuite(file, safefile.OS{})
		if err != nil {
			t.Fatal(err)
		}
		crd := env.generated[s.CRDName]
		for _, c := range slices.Concat(s.Tests.OnCreate, s.Tests.OnUpdate) {
			out = append(out, suiteObject{crd: crd, name: filepath.Base(file) + ": " + c.Name, text: c.Initial})
			if c.Updated != "" {
				out = append(out, suiteObject{crd: crd, name: filepath.Base(file) + ": " + c.Name + " (updated)", text: c.Updated})
			}
		}
	}
	return out
}

// suiteInputs are the suites' objects as one stream, each named (the
// server generates no name under validate: each gets one), or mutated:
// each field of the spec given a value of another type, an unknown field
// beside it, and a duplicate key.
func suiteInputs(t *testing.T, root string, mutate bool) []validate.Input {
	t.Helper()
	var b strings.Builder
	for i, s := range suiteObjects(t, root) {
		u := &unstructured.Unstructured{}
		if err := yamlToObject(s.text, u); err != nil || u.Object == nil {
			continue
		}
		u.SetName(fmt.Sprintf("obj-%d", i))
		if mutate {
			spec, _ := u.Object["spec"].(map[string]any)
			if spec == nil {
				spec = map[string]any{}
				u.Object["spec"] = spec
			}
			spec["crdgenUnknown"] = true
			for _, k := range slices.Sorted(func(yield func(string) bool) {
				for k := range spec {
					if !yield(k) {
						return
					}
				}
			}) {
				if k != "crdgenUnknown" {
					spec[k] = []any{"mutated"}
					break
				}
			}
		}
		data, err := json.Marshal(u.Object)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "---\n# %s\n%s\n", s.name, data)
	}
	return []validate.Input{{Name: "suites.yaml", R: strings.NewReader(b.String())}}
}

// yamlToObject reads a suite's object.
func yamlToObject(text string, u *unstructured.Unstructured) error {
	var m map[string]any
	if err := sigsyaml.Unmarshal([]byte(text), &m); err != nil {
		return err
	}
	u.Object = m
	return nil
}

// installCRDs creates CRDs on the server and waits until they are served.
func installCRDs(t *testing.T, crds []*apiextv1.CustomResourceDefinition) {
	t.Helper()
	cs, err := clientset.NewForConfig(env.config)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, crd := range crds {
		if _, err := cs.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, crd.DeepCopy(), metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
			t.Fatal(err)
		}
	}
	if _, err := waitServed(ctx, cs, crds); err != nil {
		t.Fatal(err)
	}
}

// newRealServe serves CRDs from the real server, for validate.Options:
// creates and updates are dry runs; reading an old object stores it.
func newRealServe(t *testing.T) func(*apiextv1.CustomResourceDefinition, string) (crtest.Endpoint, error) {
	clusters := map[string]*realCluster{}
	return func(crd *apiextv1.CustomResourceDefinition, version string) (crtest.Endpoint, error) {
		c := clusters[crd.Name]
		if c == nil {
			c = newRealCluster(t, crd)
			clusters[crd.Name] = c
		}
		return &dryRunEndpoint{realEndpoint{c: c, crd: crd, version: version}}, nil
	}
}

// dryRunEndpoint is a real endpoint whose creates and updates change
// nothing, so that the objects of several runs do not meet.
type dryRunEndpoint struct{ realEndpoint }

func (e *dryRunEndpoint) Create(body []byte, fieldValidation, namespace string) crtest.Response {
	return e.c.post(e.crd, e.version, namespace, body, fieldValidation, true)
}

func (e *dryRunEndpoint) Update(stored *unstructured.Unstructured, body []byte, fieldValidation string, status bool) crtest.Response {
	req := e.c.rest.Put().AbsPath(e.c.path(e.crd, e.version, stored.GetNamespace(), stored.GetName())...).
		SetHeader("Content-Type", contentType(body)).Body(body).Param("dryRun", "All")
	if fieldValidation != "" {
		req = req.Param("fieldValidation", fieldValidation)
	}
	return e.c.do(req)
}

// Get stores the old object (as it is, anew) and returns it as stored.
func (e *dryRunEndpoint) Get(stored *unstructured.Unstructured) crtest.Response {
	u := stored.DeepCopy()
	for _, k := range []string{"uid", "resourceVersion", "generation", "creationTimestamp"} {
		unstructured.RemoveNestedField(u.Object, "metadata", k)
	}
	e.c.do(e.c.rest.Delete().AbsPath(e.c.path(e.crd, e.version, u.GetNamespace(), u.GetName())...))
	body, err := json.Marshal(u.Object)
	if err != nil {
		return crtest.Response{Err: err}
	}
	return e.c.post(e.crd, e.version, u.GetNamespace(), body, metav1.FieldValidationIgnore, false)
}
