package e2e

// This file implements what the tests share to talk to the API server: a
// dynamic client per test that records warnings, custom resources written
// as JSON, and checks of the server's errors.

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

// group is the API group of testdata/e2e_api.
const group = "e2e.crdgen.dev"

// client is one test's dynamic client. It works in a namespace of its own
// (the test server needs no Namespace objects) and records the warnings
// the server sends.
type client struct {
	dyn dynamic.Interface
	ns  string
	rec *warningRecorder
}

// newClient returns a client for t. Every test calls it first, so that it
// skips the test when there is no API server.
func newClient(t *testing.T) *client {
	t.Helper()
	if env == nil {
		t.Skip("the API server is not started under -short")
	}
	rec := &warningRecorder{}
	cfg := rest.CopyConfig(env.config)
	cfg.WarningHandler = rec
	cfg.QPS = -1 // no client-side rate limit
	dyn, err := dynamic.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &client{dyn: dyn, ns: namespaceFor(t), rec: rec}
}

// namespaceFor turns a test name into a namespace name.
func namespaceFor(t *testing.T) string {
	ns := strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(t.Name()), "-"), "-")
	return strings.TrimRight(ns[:min(len(ns), 63)], "-")
}

// resource returns the client of kind at version in the test's namespace.
func (c *client) resource(t *testing.T, kind, version string) dynamic.ResourceInterface {
	t.Helper()
	crd := env.crds[kind]
	if crd == nil {
		t.Fatalf("no CRD for kind %s", kind)
	}
	gvr := schema.GroupVersionResource{Group: crd.Spec.Group, Version: version, Resource: crd.Spec.Names.Plural}
	return c.dyn.Resource(gvr).Namespace(c.ns)
}

// create creates obj at the version of its apiVersion.
func (c *client) create(t *testing.T, obj *unstructured.Unstructured, opts metav1.CreateOptions) (*unstructured.Unstructured, error) {
	t.Helper()
	return c.resource(t, obj.GetKind(), versionOf(obj)).Create(t.Context(), obj, opts)
}

// mustCreate creates obj and fails the test on error.
func (c *client) mustCreate(t *testing.T, obj *unstructured.Unstructured) *unstructured.Unstructured {
	t.Helper()
	got, err := c.create(t, obj, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating %s %s: %v", obj.GetKind(), obj.GetName(), err)
	}
	return got
}

// mustGet reads kind/name at version and fails the test on error.
func (c *client) mustGet(t *testing.T, kind, version, name string) *unstructured.Unstructured {
	t.Helper()
	got, err := c.resource(t, kind, version).Get(t.Context(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatalf("reading %s %s at %s: %v", kind, name, version, err)
	}
	return got
}

// warnings returns the warnings received since the last call, and forgets them.
func (c *client) warnings() []string { return c.rec.take() }

// versionOf returns the version of obj's apiVersion.
func versionOf(obj *unstructured.Unstructured) string {
	gv, _ := schema.ParseGroupVersion(obj.GetAPIVersion())
	return gv.Version
}

// newObject returns a custom resource of kind at version, named name, with
// the given spec written as JSON ("" for no spec).
func newObject(t *testing.T, version, kind, name, spec string) *unstructured.Unstructured {
	t.Helper()
	obj := map[string]any{
		"apiVersion": group + "/" + version,
		"kind":       kind,
		"metadata":   map[string]any{"name": name},
	}
	if spec != "" {
		obj["spec"] = fromJSON(t, spec)
	}
	return &unstructured.Unstructured{Object: obj}
}

// fromJSON decodes a JSON value the way the dynamic client decodes the
// server's answers (integers as int64), so that results compare equal.
func fromJSON(t *testing.T, s string) any {
	t.Helper()
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON([]byte(`{"apiVersion":"x/v1","kind":"X","v":` + s + `}`)); err != nil {
		t.Fatalf("bad JSON %s: %v", s, err)
	}
	return u.Object["v"]
}

// field returns the value at a dotted path of obj ("spec.tags"), and
// whether it is there.
func field(obj *unstructured.Unstructured, path string) (any, bool) {
	v, ok, err := unstructured.NestedFieldNoCopy(obj.Object, strings.Split(path, ".")...)
	return v, ok && err == nil
}

// toJSON renders a value for a failure message.
func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// statusCause is the part of a metav1.StatusCause the tests check.
type statusCause struct {
	Type  metav1.CauseType
	Field string
	// Message must be contained in the server's message.
	Message string
}

// checkCause checks that err is an API error with code and a status cause
// of the given type, field, and a message containing want.Message.
func checkCause(t *testing.T, err error, code int32, want statusCause) {
	t.Helper()
	var status apierrors.APIStatus
	if !errors.As(err, &status) {
		t.Fatalf("got error %v, want an API error with code %d", err, code)
	}
	st := status.Status()
	if st.Code != code {
		t.Errorf("got code %d (%s), want %d", st.Code, st.Message, code)
	}
	var causes []metav1.StatusCause
	if st.Details != nil {
		causes = st.Details.Causes
	}
	for _, c := range causes {
		if c.Type == want.Type && c.Field == want.Field && strings.Contains(c.Message, want.Message) {
			return
		}
	}
	t.Errorf("got causes %s, want one of type %s on field %s with message containing %q", toJSON(causes), want.Type, want.Field, want.Message)
}

// checkStatus checks that err is an API error with code and a message
// containing want.
func checkStatus(t *testing.T, err error, code int32, want string) {
	t.Helper()
	var status apierrors.APIStatus
	if !errors.As(err, &status) {
		t.Fatalf("got error %v, want an API error with code %d", err, code)
	}
	if st := status.Status(); st.Code != code || !strings.Contains(st.Message, want) {
		t.Errorf("got %d %q, want %d and a message containing %q", st.Code, st.Message, code, want)
	}
}

// warningRecorder is a rest.WarningHandler that keeps every warning.
type warningRecorder struct {
	mu       sync.Mutex
	messages []string
}

// HandleWarningHeader records a warning.
func (r *warningRecorder) HandleWarningHeader(code int, agent, text string) {
	if code != 299 || text == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.messages = append(r.messages, text)
}

// take returns the recorded warnings and forgets them.
func (r *warningRecorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.messages
	r.messages = nil
	return out
}
