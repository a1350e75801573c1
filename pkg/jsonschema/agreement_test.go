package jsonschema_test

// This file holds the JSON Schemas to the API server: every object of the
// repository's CRD test suites, the starter suites' objects and
// mutations of them (mutate_test.go) go through the server's own code
// (pkg/crtest) and through a JSON Schema validator, and must get the same
// verdict. The strict variant is compared with a create under
// fieldValidation=Strict (kubectl's default: an unknown field is refused
// where the server would prune it), the loose one with a create that asks
// for no field validation (the field is dropped). A rejection that only
// the CEL rules make is counted apart: JSON Schema cannot say CEL.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/jsonschema"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// judge holds one version of a CRD both ways.
type judge struct {
	name, version string
	namespaced    bool
	// srv serves the CRD; plain serves it without its CEL rules.
	srv, plain *crtest.Server
	status     bool
	schemas    map[bool]*sjs.Schema
}

// newJudge serves a version of crd and compiles both variants of its
// JSON Schema.
func newJudge(crd *apiextv1.CustomResourceDefinition, version string) (*judge, error) {
	srv, err := crtest.NewServer(crd, version)
	if err != nil {
		return nil, err
	}
	plain, err := crtest.NewServer(withoutRules(crd), version)
	if err != nil {
		return nil, err
	}
	j := &judge{name: crd.Name, version: version, namespaced: crd.Spec.Scope == apiextv1.NamespaceScoped,
		srv: srv, plain: plain, schemas: map[bool]*sjs.Schema{}}
	for _, v := range crd.Spec.Versions {
		if v.Name == version && v.Subresources != nil && v.Subresources.Status != nil {
			j.status = true
		}
	}
	for _, strict := range []bool{false, true} {
		data, err := jsonschema.Schema(crd, version, strict)
		if err != nil {
			return nil, err
		}
		if j.schemas[strict], err = compile(data); err != nil {
			return nil, fmt.Errorf("%s %s (strict %v): %v", crd.Name, version, strict, err)
		}
	}
	return j, nil
}

// compile compiles a schema as kubeconform does (draft-04 unless the
// schema names its draft, formats asserted).
func compile(data []byte) (*sjs.Schema, error) {
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	c := sjs.NewCompiler()
	c.DefaultDraft(sjs.Draft4)
	if err := c.AddResource("schema.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("schema.json")
}

// withoutRules is crd without its CEL rules.
func withoutRules(crd *apiextv1.CustomResourceDefinition) *apiextv1.CustomResourceDefinition {
	c := crd.DeepCopy()
	for i := range c.Spec.Versions {
		if v := c.Spec.Versions[i].Schema; v != nil && v.OpenAPIV3Schema != nil {
			schemapath.Edit(v.OpenAPIV3Schema, func(s *apiextv1.JSONSchemaProps, _ schemapath.Path) bool {
				s.XValidations = nil
				return true
			})
		}
	}
	return c
}

// verdict is what both sides said of one object in one variant.
type verdict struct {
	server, plain, schema bool
	serverErr, schemaErr  string
}

// judgeObject judges obj (with its metadata as a suite's harness fills it
// in) in one variant.
func (j *judge) judgeObject(obj map[string]any, strict bool) verdict {
	obj = withMetadata(obj, j.namespaced)
	body, _ := json.Marshal(obj)
	var v verdict
	fv := ""
	if strict {
		fv = "Strict"
	}
	v.server, v.serverErr = j.create(j.srv, body, obj, fv)
	v.plain, _ = j.create(j.plain, body, obj, fv)
	var inst any
	if err := json.Unmarshal(body, &inst); err != nil {
		panic(err)
	}
	err := j.schemas[strict].Validate(inst)
	v.schema = err == nil
	if err != nil {
		v.schemaErr = err.Error()
	}
	return v
}

// create is the server's verdict on an object: its create, then with a
// status subresource its status written through /status (a create drops
// the status).
func (j *judge) create(srv *crtest.Server, body []byte, obj map[string]any, fv string) (bool, string) {
	ns, _ := obj["metadata"].(map[string]any)["namespace"].(string)
	resp := srv.Create(body, fv, ns)
	if resp.Err != nil {
		return false, resp.Err.Error()
	}
	status, ok := obj["status"]
	if !j.status || !ok {
		return true, ""
	}
	u := resp.Object.DeepCopy()
	u.Object["status"] = status
	b, _ := json.Marshal(u.Object)
	resp = srv.Update(resp.Object, b, fv, true)
	if resp.Err != nil {
		return false, resp.Err.Error()
	}
	return true, ""
}

// withMetadata fills in metadata as a suite's harness does: a generated
// name unless it has a name, the default namespace unless it has one.
func withMetadata(obj map[string]any, namespaced bool) map[string]any {
	obj = deepCopy(obj)
	md, ok := obj["metadata"].(map[string]any)
	if _, present := obj["metadata"]; present && !ok {
		return obj
	}
	if md == nil {
		md = map[string]any{}
		obj["metadata"] = md
	}
	if name, _ := md["name"].(string); name == "" {
		if _, ok := md["generateName"]; !ok {
			md["generateName"] = "test-"
		}
	}
	if _, ok := md["namespace"]; !ok && namespaced {
		md["namespace"] = "default"
	}
	return obj
}

func deepCopy(obj map[string]any) map[string]any {
	return runtimeCopy(obj).(map[string]any)
}

func runtimeCopy(v any) any {
	return (&unstructured.Unstructured{Object: map[string]any{"v": v}}).DeepCopy().Object["v"]
}

// tally counts the verdicts of one variant.
type tally struct {
	objects, agree, cel, celAgree int
	// unsayable counts the disagreements JSON Schema cannot avoid, by
	// reason (unsayable).
	unsayable     map[string]int
	disagreements []string
}

// unsayable names why JSON Schema cannot agree with the server on an
// object it accepts and the server refuses, or "" when it could:
//   - two items of a map list with the same keys and other fields
//     different (draft-07 has no uniqueness on a part of the items;
//     equal items are refused, as uniqueItems);
//   - a map or object counted by minProperties after the server dropped
//     its null values (JSON Schema counts the nulls);
//   - a number written without a fraction, against a multipleOf that is
//     not a whole number: the server decodes it as an integer and checks
//     it against the factor cut to an integer (kube-openapi's
//     MultipleOfNativeType), refusing every such number for a factor
//     under 1; JSON Schema does not tell 1 from 1.0.
func unsayable(v verdict, obj map[string]any) string {
	switch {
	case v.server && !v.schema && strings.Contains(v.schemaErr, "multiple of"):
		return "integers against a fractional multipleOf"
	case v.server || !v.schema:
		return ""
	case strings.Contains(v.serverErr, "factor MultipleOf declared for") && strings.Contains(v.serverErr, "must be positive"):
		return "integers against a fractional multipleOf"
	case strings.Contains(v.serverErr, "Duplicate value: {"):
		return "map list items with equal keys"
	case strings.Contains(v.serverErr, "should have at least") && strings.Contains(v.serverErr, "properties") && hasNull(obj):
		return "minProperties counted after nulls are dropped"
	}
	return ""
}

// hasNull reports whether a value holds a null below it.
func hasNull(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		for _, e := range x {
			if hasNull(e) {
				return true
			}
		}
	case []any:
		return slices.ContainsFunc(x, hasNull)
	}
	return false
}

func (tl *tally) add(j *judge, source string, obj map[string]any, v verdict) {
	tl.objects++
	if v.server != v.plain {
		// Only CEL rules refuse it: JSON Schema is held to the server
		// without them.
		tl.cel++
		if v.schema == v.plain {
			tl.celAgree++
		}
		return
	}
	if v.schema == v.server {
		tl.agree++
		return
	}
	if why := unsayable(v, obj); why != "" {
		if tl.unsayable == nil {
			tl.unsayable = map[string]int{}
		}
		tl.unsayable[why]++
		return
	}
	data, _ := yaml.Marshal(obj)
	tl.disagreements = append(tl.disagreements, fmt.Sprintf("%s %s (%s): server %v, schema %v\n  server: %s\n  schema: %s\n%s",
		j.name, j.version, source, v.server, v.schema, v.serverErr, firstLine(v.schemaErr), indent(string(data))))
}

func firstLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " | ")
	if len(s) > 400 {
		return s[:400] + "..."
	}
	return s
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n    ")
}

// TestSchemasAgreeWithTheServer judges every object of the corpus both
// ways and requires the same verdict outside CEL; go test -v prints the
// figures.
func TestSchemasAgreeWithTheServer(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus takes a while; not under -short")
	}
	root := repoRoot(t)
	crds := corpusCRDs(t, root)
	tallies := map[bool]*tally{false: {}, true: {}}
	sources := map[string]int{}
	for _, c := range crds {
		for _, v := range c.crd.Spec.Versions {
			if !v.Served {
				continue
			}
			j, err := newJudge(c.crd, v.Name)
			if err != nil {
				t.Errorf("%s: %v", c.file, err)
				continue
			}
			for _, o := range objectsFor(t, root, c.crd, v.Name) {
				sources[o.source]++
				for _, strict := range []bool{false, true} {
					tallies[strict].add(j, o.source, o.obj, j.judgeObject(o.obj, strict))
				}
			}
		}
	}
	for _, strict := range []bool{false, true} {
		tl := tallies[strict]
		name := map[bool]string{false: "loose", true: "strict"}[strict]
		outside := tl.objects - tl.cel
		t.Logf("%s: %d objects of %d CRDs; outside CEL %d, agree %d (%.2f%%), JSON Schema cannot say %v; CEL cases %d (the schema agrees with the server without its rules on %d)",
			name, tl.objects, len(crds), outside, tl.agree, 100*float64(tl.agree)/float64(max(outside, 1)), tl.unsayable, tl.cel, tl.celAgree)
		for i, d := range tl.disagreements {
			if i == 20 {
				t.Errorf("%s: and %d more disagreements", name, len(tl.disagreements)-20)
				break
			}
			t.Errorf("%s: %s", name, d)
		}
	}
	t.Logf("objects by source: %v", sources)
}

// corpusCRD is a CRD of the corpus and the file it came from.
type corpusCRD struct {
	file string
	crd  *apiextv1.CustomResourceDefinition
}

// corpusCRDs are the CRDs of the golden cases (as crdgen wrote them,
// which TestGolden holds to the pipeline), of the example, and
// junctorCRD.
func corpusCRDs(t *testing.T, root string) []corpusCRD {
	t.Helper()
	var files []string
	for _, pattern := range []string{"testdata/*/want/*.yaml", "testdata/*/want/*/*.yaml", "examples/config/crd/bases/*.yaml"} {
		more, _ := filepath.Glob(filepath.Join(root, pattern))
		files = append(files, more...)
	}
	var out []corpusCRD
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var crd apiextv1.CustomResourceDefinition
		if yaml.Unmarshal(data, &crd) != nil || crd.Kind != "CustomResourceDefinition" {
			continue
		}
		out = append(out, corpusCRD{file: file, crd: &crd})
	}
	if len(out) == 0 {
		t.Fatal("no CRDs under testdata")
	}
	// And what no marker writes: junctors over defaults and nulls.
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.Unmarshal([]byte(junctorCRD), &crd); err != nil {
		t.Fatal(err)
	}
	return append(out, corpusCRD{file: "junctorCRD", crd: &crd})
}

// repoRoot is the module root.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// object is an object of the corpus and where it came from.
type object struct {
	source string
	obj    map[string]any
}

// objectsFor are the objects judged against a version of a CRD: every
// object of the suites written for the CRD (initial and updated, each as
// a create), the starter suite's, and the mutations of a valid object.
func objectsFor(t *testing.T, root string, crd *apiextv1.CustomResourceDefinition, version string) []object {
	var out []object
	gv := crd.Spec.Group + "/" + version
	for _, text := range suiteObjects(t, root, crd.Name) {
		if obj := parseObject(text); obj != nil && obj["apiVersion"] == gv {
			out = append(out, object{"suite", obj})
		}
	}
	if st, err := crtest.Starter(crd, nil); err == nil && storage(crd) == version {
		s, err := crtest.ParseSuite("starter.yaml", st.Text)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range slices.Concat(s.Tests.OnCreate, s.Tests.OnUpdate) {
			for _, text := range []string{c.Initial, c.Updated} {
				if obj := parseObject(text); obj != nil && obj["apiVersion"] == gv {
					out = append(out, object{"starter", obj})
				}
			}
		}
	}
	for _, m := range mutations(crd, version) {
		out = append(out, object{"mutation", m})
	}
	return out
}

func storage(crd *apiextv1.CustomResourceDefinition) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// suiteObjects are the objects of every suite of the repository for a CRD.
func suiteObjects(t *testing.T, root, crdName string) []string {
	dirs, _ := filepath.Glob(filepath.Join(root, "testdata", "*", "v1"))
	files, err := crtest.FindSuites(dirs, nil, safefile.OS{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, file := range files {
		s, err := crtest.ReadSuite(file, safefile.OS{})
		if err != nil || s.CRDName != crdName {
			continue
		}
		for _, c := range slices.Concat(s.Tests.OnCreate, s.Tests.OnUpdate) {
			out = append(out, c.Initial, c.Updated)
		}
	}
	return out
}

// parseObject reads a suite's object (nil when empty or not a mapping).
func parseObject(text string) map[string]any {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var obj map[string]any
	if yaml.Unmarshal([]byte(text), &obj) != nil {
		return nil
	}
	return obj
}
