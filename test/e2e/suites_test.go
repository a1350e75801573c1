package e2e

// This file holds crdgen test to the API server: every case of the
// repository's CRD test suites runs in process (pkg/crtest) and against
// the real server, and both must say the same.

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crdgen/crdgen/internal/safefile"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"

	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// TestSuitesAgreeWithTheServer runs every case of the repository's CRD
// test suites both ways and checks that each request gets the same answer:
// success or failure, status code, error message and warnings, and the
// same stored object. Names the server generates at random are compared as
// test-*.
func TestSuitesAgreeWithTheServer(t *testing.T) {
	if env == nil {
		t.Skip("the API server is not started under -short")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, p := range suiteCases() {
		dirs = append(dirs, filepath.Join(root, strings.TrimSuffix(p, "/..."), "v1"))
	}
	files, err := crtest.FindSuites(dirs, nil, safefile.OS{})
	if err != nil || len(files) == 0 {
		t.Fatalf("no suites: %v", err)
	}
	v := schemagen.NewValidator()
	runs, agree := 0, 0
	for _, file := range files {
		s, err := crtest.ReadSuite(file, safefile.OS{})
		if err != nil {
			t.Fatal(err)
		}
		crd := env.generated[s.CRDName]
		if crd == nil {
			t.Fatalf("%s: no CRD %s", file, s.CRDName)
		}
		version := suiteVersion(crd, s)
		local := crtest.NewLocal(v)
		lbase, err := local.Serve(crd, nil, version)
		if err != nil {
			t.Fatal(err)
		}
		real := newRealCluster(t, crd)
		rbase, _ := real.Serve(crd, nil, version)
		for _, c := range slices.Concat(s.Tests.OnCreate, s.Tests.OnUpdate) {
			lo := crtest.RunCase(local, lbase, crd, version, s, c)
			ro := crtest.RunCase(real, rbase, crd, version, s, c)
			runs++
			if diff := compareOutcomes(lo, ro); diff != "" {
				t.Errorf("%s: %s: in process and on the API server differ:\n%s", filepath.Base(file), c.Name, diff)
				continue
			}
			agree++
		}
	}
	t.Logf("%d cases run both ways, %d agree", runs, agree)
}

// suiteVersion is the version a suite's objects are of.
func suiteVersion(crd *apiextv1.CustomResourceDefinition, s *crtest.Suite) string {
	if s.Version != "" {
		return s.Version
	}
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// compareOutcomes says how two runs of a case differ, request by request.
func compareOutcomes(local, real *crtest.Outcome) string {
	var b strings.Builder
	if local.Passed() != real.Passed() {
		fmt.Fprintf(&b, "verdict: in process %q, on the server %q\n", local.Failure, real.Failure)
	}
	if len(local.Steps) != len(real.Steps) {
		fmt.Fprintf(&b, "requests: in process %d, on the server %d\n", len(local.Steps), len(real.Steps))
	}
	for i := range min(len(local.Steps), len(real.Steps)) {
		l, r := normalStep(local.Steps[i]), normalStep(real.Steps[i])
		if l != r {
			fmt.Fprintf(&b, "request %d (%s):\n  in process: %s\n  on the server: %s\n", i+1, local.Steps[i].Request, l, r)
		}
	}
	return b.String()
}

// generatedName is a name the server (or crdgen) generated.
var generatedName = regexp.MustCompile(`test-[0-9a-z]{5}\b`)

// normalStep writes a step as both ways must agree on it.
func normalStep(s crtest.Step) string {
	out := struct {
		Request  string
		Code     int32
		Err      string
		Warnings []string
		Object   map[string]any
	}{Request: s.Request, Warnings: s.Warnings}
	if s.Err != nil {
		out.Err = generatedName.ReplaceAllString(s.Err.Error(), "test-*")
		if st, ok := s.Err.(apierrors.APIStatus); ok {
			out.Code = st.Status().Code
		}
	}
	if s.Object != nil {
		out.Object = comparableObject(s.Object.Object)
	}
	data, _ := json.Marshal(out)
	return string(data)
}

// comparableObject is an object without what the server sets.
func comparableObject(obj map[string]any) map[string]any {
	data, _ := json.Marshal(obj)
	var out map[string]any
	json.Unmarshal(data, &out)
	if md, ok := out["metadata"].(map[string]any); ok {
		for _, k := range []string{"uid", "generation", "creationTimestamp", "resourceVersion", "managedFields", "name", "generateName"} {
			delete(md, k)
		}
	}
	return out
}

// realCluster runs cases on the API server: it serves the suite's CRD, or
// a case's patched one, and tells when the server uses it.
type realCluster struct {
	t       *testing.T
	crds    clientset.Interface
	rest    rest.Interface
	rec     *requestWarnings
	base    *apiextv1.CustomResourceDefinition
	patched bool
	token   int
}

func newRealCluster(t *testing.T, crd *apiextv1.CustomResourceDefinition) *realCluster {
	rec := &requestWarnings{}
	cfg := rest.CopyConfig(env.config)
	cfg.WarningHandler = rec
	cfg.QPS = -1
	crds, err := clientset.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.APIPath = "/apis"
	// The core group's version, so that the server's Status errors decode.
	cfg.GroupVersion = &schema.GroupVersion{Version: "v1"}
	cfg.NegotiatedSerializer = scheme.Codecs.WithoutConversion()
	rc, err := rest.RESTClientFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &realCluster{t: t, crds: crds, rest: rc, rec: rec, base: crd}
}

// Serve makes the server use crd: a patched CRD replaces the installed
// one, the suite's CRD puts it back.
func (c *realCluster) Serve(crd, previous *apiextv1.CustomResourceDefinition, version string) (crtest.Endpoint, error) {
	ep := &realEndpoint{c: c, crd: crd, version: version}
	switch {
	case crd == c.base && !c.patched:
		return ep, nil
	case crd == c.base:
		c.patched = false
		return ep, c.install(crd, "")
	}
	c.patched = true
	c.token++
	return ep, c.install(crd, fmt.Sprintf("patched-%d", c.token))
}

// sentinel is the root field a patched CRD gets, so that the client can
// tell when the server uses it: an object with the field's only value is
// accepted by the patched schema, and refused by any other.
const sentinel = "crdgenSentinel"

// install replaces the server's CRD's spec with crd's, with the sentinel
// field when token is set, and waits until the server validates objects
// with it.
func (c *realCluster) install(crd *apiextv1.CustomResourceDefinition, token string) error {
	ctx := context.Background()
	spec := crd.Spec.DeepCopy()
	if token != "" {
		for i := range spec.Versions {
			if s := spec.Versions[i].Schema; s != nil && s.OpenAPIV3Schema != nil {
				s.OpenAPIV3Schema.Properties[sentinel] = apiextv1.JSONSchemaProps{Type: "string", Enum: []apiextv1.JSON{{Raw: []byte(`"` + token + `"`)}}}
			}
		}
	}
	err := wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		cur, err := c.crds.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, crd.Name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		cur.Spec = *spec
		_, err = c.crds.ApiextensionsV1().CustomResourceDefinitions().Update(ctx, cur, metav1.UpdateOptions{})
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return err == nil, err
	})
	if err != nil {
		return fmt.Errorf("the API server rejects the patched CRD: %w", err)
	}
	probe := c.sentinelToken()
	return wait.PollUntilContextTimeout(ctx, 20*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		body := fmt.Sprintf(`{"apiVersion":%q,"kind":%q,"metadata":{"generateName":"probe-"},%q:%q}`,
			crd.Spec.Group+"/"+crd.Spec.Versions[0].Name, crd.Spec.Names.Kind, sentinel, probe)
		err := c.post(crd, crd.Spec.Versions[0].Name, "default", []byte(body), "Strict", true).Err
		mentions := err != nil && strings.Contains(err.Error(), sentinel)
		if token != "" {
			return !mentions, nil // the field is known, and its value the one
		}
		return err != nil && strings.Contains(err.Error(), `unknown field "`+sentinel+`"`), nil
	})
}

// sentinelToken is the value of the last patched CRD's sentinel.
func (c *realCluster) sentinelToken() string { return fmt.Sprintf("patched-%d", c.token) }

// post creates an object from body.
func (c *realCluster) post(crd *apiextv1.CustomResourceDefinition, version, namespace string, body []byte, fieldValidation string, dryRun bool) crtest.Response {
	req := c.rest.Post().AbsPath(c.path(crd, version, namespace)...).SetHeader("Content-Type", contentType(body)).Body(body)
	if fieldValidation != "" {
		req = req.Param("fieldValidation", fieldValidation)
	}
	if dryRun {
		req = req.Param("dryRun", "All")
	}
	return c.do(req)
}

func (c *realCluster) path(crd *apiextv1.CustomResourceDefinition, version, namespace string, rest ...string) []string {
	p := []string{"/apis", crd.Spec.Group, version}
	if crd.Spec.Scope == apiextv1.NamespaceScoped && namespace != "" {
		p = append(p, "namespaces", namespace)
	}
	return append(append(p, crd.Spec.Names.Plural), rest...)
}

// do sends a request and returns the object it got, with its warnings.
func (c *realCluster) do(req *rest.Request) crtest.Response {
	c.rec.take()
	data, err := req.Do(context.Background()).Raw()
	if err != nil {
		// The Status in the body, which this client does not decode.
		var status metav1.Status
		if json.Unmarshal(data, &status) == nil && status.Kind == "Status" {
			err = apierrors.FromObject(&status)
		}
	}
	resp := crtest.Response{Err: err, Warnings: c.rec.take()}
	if err == nil {
		u := &unstructured.Unstructured{}
		if err := u.UnmarshalJSON(data); err != nil {
			resp.Err = err
		} else {
			resp.Object = u
		}
	}
	return resp
}

func contentType(body []byte) string {
	if b := strings.TrimSpace(string(body)); strings.HasPrefix(b, "{") {
		return "application/json"
	}
	return "application/yaml"
}

// realEndpoint is a version of a CRD on the API server.
type realEndpoint struct {
	c       *realCluster
	crd     *apiextv1.CustomResourceDefinition
	version string
}

func (e *realEndpoint) Create(body []byte, fieldValidation, namespace string) crtest.Response {
	return e.c.post(e.crd, e.version, namespace, body, fieldValidation, false)
}

func (e *realEndpoint) Update(stored *unstructured.Unstructured, body []byte, fieldValidation string, status bool) crtest.Response {
	sub := []string{stored.GetName()}
	if status {
		sub = append(sub, "status")
	}
	req := e.c.rest.Put().AbsPath(e.c.path(e.crd, e.version, stored.GetNamespace(), sub...)...).SetHeader("Content-Type", contentType(body)).Body(body)
	if fieldValidation != "" {
		req = req.Param("fieldValidation", fieldValidation)
	}
	return e.c.do(req)
}

func (e *realEndpoint) Scale(stored *unstructured.Unstructured, replicas int64) crtest.Response {
	body := fmt.Sprintf(`{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":%q,"namespace":%q},"spec":{"replicas":%d}}`,
		stored.GetName(), stored.GetNamespace(), replicas)
	req := e.c.rest.Put().AbsPath(e.c.path(e.crd, e.version, stored.GetNamespace(), stored.GetName(), "scale")...).
		SetHeader("Content-Type", "application/json").Body([]byte(body))
	resp := e.c.do(req)
	if resp.Err != nil {
		return resp
	}
	got := e.Get(stored)
	got.Warnings = resp.Warnings
	return got
}

func (e *realEndpoint) Get(stored *unstructured.Unstructured) crtest.Response {
	return e.c.do(e.c.rest.Get().AbsPath(e.c.path(e.crd, e.version, stored.GetNamespace(), stored.GetName())...))
}

// requestWarnings keeps the warnings of the last request.
type requestWarnings struct {
	mu   sync.Mutex
	list []string
}

func (r *requestWarnings) HandleWarningHeader(code int, _, text string) {
	if code != 299 || text == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.list = append(r.list, text)
}

func (r *requestWarnings) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.list
	r.list = nil
	return out
}
