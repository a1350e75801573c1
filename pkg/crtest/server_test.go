package crtest

import (
	"os"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

func widgetServer(t *testing.T) *Server {
	t.Helper()
	data, err := os.ReadFile("testdata/widgets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crd := &apiextv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(data, crd); err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustCreate(t *testing.T, s *Server, body string) *unstructured.Unstructured {
	t.Helper()
	r := s.Create([]byte(body), "", "default")
	if r.Err != nil {
		t.Fatalf("create: %v", r.Err)
	}
	return r.Object
}

// TestServerSteps checks each step of a request against what the API
// server (v0.37) answers to the same requests.
func TestServerSteps(t *testing.T) {
	s := widgetServer(t)
	r := s.Create([]byte(`apiVersion: example.com/v1
kind: Widget
metadata: {generateName: test-, bogusMeta: 1}
spec:
  unknownTop: 1
  items: [{k: a}, {k: b, extra: 1}]
  byName: {x: {}, "y": null}
  nullableDefault: null
  nonNullableDefault: null
  blob: {anything: {goes: 1}}
  template: {apiVersion: v1, kind: Pod, metadata: {name: p, junk: 1}, spec: {x: 1}}
status: {phase: A}
`), "", "default")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	wantWarnings := `unknown field "metadata.bogusMeta"|unknown field "spec.items[1].extra"|unknown field "spec.unknownTop"|unknown field "spec.template.metadata.junk"`
	if got := strings.Join(r.Warnings, "|"); got != wantWarnings {
		t.Errorf("warnings %q, want %q", got, wantWarnings)
	}
	spec, _, _ := unstructured.NestedMap(r.Object.Object, "spec")
	got, _ := yaml.Marshal(spec)
	want := `blob:
  anything:
    goes: 1
byName:
  x:
    enabled: true
immutable: x
items:
- k: a
  v: 7
- k: b
  v: 7
nonNullableDefault: nnd
nullableDefault: null
replicas: 1
template:
  apiVersion: v1
  kind: Pod
  metadata:
    name: p
  spec:
    x: 1
`
	if string(got) != want {
		t.Errorf("stored spec:\n%s\nwant:\n%s", got, want)
	}
	if _, ok := r.Object.Object["status"]; ok || r.Object.GetName() != "test-00001" || r.Object.GetGeneration() != 1 {
		t.Errorf("create kept status, or named it %s, generation %d", r.Object.GetName(), r.Object.GetGeneration())
	}

	for _, c := range []struct{ body, directive, want string }{
		{`{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"s"},"spec":{"a":"1","a":"2","zzz":1}}`, "Strict",
			`Widget in version "v1" cannot be handled as a Widget: strict decoding error: duplicate field "spec.a", unknown field "spec.zzz"`},
		{"apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: Bad_Name}\nspec: {replicas: -1, name: toolong}\n", "",
			`Widget.example.com "Bad_Name" is invalid: [metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain`},
		{"apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: ok}\nspec: {replicas: -1, a: x, b: z}\n", "",
			`Widget.example.com "ok" is invalid: [spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0, .spec.replicas: Invalid value: -1: should be a non-negative integer, spec.a: Forbidden: a and b are mutually exclusive]`},
	} {
		r := s.Create([]byte(c.body), c.directive, "default")
		if r.Err == nil || !strings.Contains(r.Err.Error(), c.want) {
			t.Errorf("create %q: %v, want %q", c.body, r.Err, c.want)
		}
	}

	u1 := mustCreate(t, s, "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: u1}\nspec: {a: x, tag: t1}\n")
	upd := func(stored *unstructured.Unstructured, spec string, status bool) Response {
		body := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: u1, namespace: default, resourceVersion: \"" + stored.GetResourceVersion() + "\"}\n" + spec
		return s.Update(stored, []byte(body), "", status)
	}
	if r := upd(u1, "spec: {a: x, immutable: z, tag: t1}\n", false); r.Err == nil || !strings.Contains(r.Err.Error(), `spec: Invalid value: immutable is immutable`) {
		t.Errorf("immutable: %v", r.Err)
	}
	if r := upd(u1, "spec: {tag: t1}\n", false); r.Err == nil || !strings.Contains(r.Err.Error(), `spec: Invalid value: failed rule: !oldSelf.hasValue() || !has(oldSelf.value().a) || has(self.a)`) {
		t.Errorf("optionalOldSelf: %v", r.Err)
	}
	r = upd(u1, "spec: {a: x, tag: t1, replicas: 2}\nstatus: {phase: B}\n", false)
	if r.Err != nil || r.Object.GetGeneration() != 2 || r.Object.Object["status"] != nil {
		t.Fatalf("main update: %v, generation %d, status %v", r.Err, r.Object.GetGeneration(), r.Object.Object["status"])
	}
	r = upd(r.Object, "spec: {a: changed}\nstatus: {phase: B, replicas: 2}\n", true)
	if r.Err != nil || r.Object.GetGeneration() != 2 {
		t.Fatalf("status update: %v", r.Err)
	}
	if a, _, _ := unstructured.NestedString(r.Object.Object, "spec", "a"); a != "x" {
		t.Errorf("a status update changed spec.a to %q", a)
	}
	if r := upd(r.Object, "status: {phase: C}\n", true); r.Err == nil || !strings.Contains(r.Err.Error(), `status.phase: Unsupported value: "C": supported values: "A", "B"`) {
		t.Errorf("status enum: %v", r.Err)
	}
	if r := s.Scale(r.Object, -3); r.Err == nil || !strings.Contains(r.Err.Error(), `.spec.replicas: Invalid value: -3: should be a non-negative integer`) {
		t.Errorf("scale -3: %v", r.Err)
	}
	if r := s.Scale(r.Object, 5); r.Err != nil || r.Object.GetGeneration() != 3 {
		t.Errorf("scale 5: %v", r.Err)
	}
}

// TestRequestOverTheLimitIs413 sends an object over the API server's 3 MiB
// request limit, which the server answers with 413 before anything else,
// and one just under it, which it takes.
func TestRequestOverTheLimitIs413(t *testing.T) {
	s := widgetServer(t)
	body := func(n int) []byte {
		return []byte("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: big}\nspec:\n  blob: {data: \"" + strings.Repeat("x", n) + "\"}\n")
	}
	r := s.Create(body(3<<20), "", "default")
	if r.Err == nil || !strings.Contains(r.Err.Error(), "limit is 3145728") {
		t.Errorf("an object over 3 MiB: %v, want 413, limit is 3145728", r.Err)
	}
	if r := s.Create(body(3<<20-1000), "", "default"); r.Err != nil {
		t.Errorf("an object under 3 MiB: %v", r.Err)
	}
}
