package crtest

// This file implements running a case: its requests, in the order
// openshift/api's harness makes them, against an endpoint (crdgen's
// in-process server, or a real API server in the e2e suite), and the
// verdict on what they got.

import (
	"encoding/json"
	"fmt"
	"strings"

	jsonpatch "github.com/evanphx/json-patch/v5"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	sigsyaml "sigs.k8s.io/yaml"
)

// Endpoint is one version of a CRD as a server serves it.
type Endpoint interface {
	Create(body []byte, fieldValidation, namespace string) Response
	Update(stored *unstructured.Unstructured, body []byte, fieldValidation string, status bool) Response
	Scale(stored *unstructured.Unstructured, replicas int64) Response
	// Get reads a stored object as the endpoint's CRD reads it.
	Get(stored *unstructured.Unstructured) Response
}

// Cluster serves CRDs.
type Cluster interface {
	// Serve serves version of crd; previous, when not nil, is the CRD crd
	// replaces (a case's patched CRD replaces the suite's, and back).
	Serve(crd, previous *apiextv1.CustomResourceDefinition, version string) (Endpoint, error)
}

// Step is one request of a case and what it got.
type Step struct {
	Request string
	Response
}

// Outcome is what came of a case.
type Outcome struct {
	Suite *Suite
	Case  *Case
	Steps []Step
	// Failure says why the case failed ("" when it passed); Diff is the
	// expected object against the stored one, when they differ.
	Failure, Diff string
	// Err is the error the failure is about, if any, and Sources where in
	// the Go source what it reports comes from.
	Err     error
	Sources []Source
	// Want and Got are, when a request failed with another error than the
	// case expects, the expected text and the error's.
	Want, Got string
	// Skipped says why a case did not run ("" when it ran).
	Skipped string
}

// Passed reports whether the case passed (or did not run).
func (o *Outcome) Passed() bool { return o.Failure == "" }

// runner runs the cases of one suite.
type runner struct {
	cluster Cluster
	crd     *apiextv1.CustomResourceDefinition
	version string
	base    Endpoint
	out     *Outcome
}

// RunCase runs one case of suite against crd's version on cluster; base
// is the endpoint of crd as it is.
func RunCase(cluster Cluster, base Endpoint, crd *apiextv1.CustomResourceDefinition, version string, s *Suite, c *Case) *Outcome {
	r := &runner{cluster: cluster, crd: crd, version: version, base: base, out: &Outcome{Suite: s, Case: c}}
	if c.OnUpdate {
		r.update(c)
	} else {
		r.create(c)
	}
	if r.out.Passed() && c.ExpectedWarnings != nil {
		r.checkWarnings(c.ExpectedWarnings)
	}
	return r.out
}

func (r *runner) fail(err error, format string, args ...any) {
	if r.out.Failure == "" {
		r.out.Failure, r.out.Err = fmt.Sprintf(format, args...), err
	}
}

func (r *runner) step(name string, resp Response) Response {
	r.out.Steps = append(r.out.Steps, Step{Request: name, Response: resp})
	return resp
}

// expectError judges a request against an expected error ("" for none);
// ok says whether the case goes on.
func (r *runner) expectError(what string, resp Response, want string) (ok bool) {
	switch {
	case want == "" && resp.Err != nil:
		r.fail(resp.Err, "the %s failed: %v", what, resp.Err)
	case want != "" && resp.Err == nil:
		r.fail(nil, "the %s succeeded, but an error containing %q was expected", what, want)
	case want != "" && !strings.Contains(resp.Err.Error(), want):
		r.fail(resp.Err, "the %s failed, but its error does not contain %q: %v", what, want, resp.Err)
		r.out.Want, r.out.Got = want, resp.Err.Error()
	}
	return resp.Err == nil && r.out.Passed()
}

func (r *runner) create(c *Case) {
	body, namespace, err := createBody(c.Initial)
	if err != nil {
		r.fail(nil, "initial: %v", err)
		return
	}
	resp := r.step("create", r.base.Create(body, c.FieldValidation, namespace))
	if !r.expectError("create", resp, c.ExpectedError) || c.ExpectedError != "" {
		return
	}
	r.compare(c, r.step("get", r.base.Get(resp.Object)).Object)
}

func (r *runner) update(c *Case) {
	ep := r.base
	if len(c.InitialCRDPatches) > 0 {
		patched, err := patchOn(r.cluster, r.crd, c.InitialCRDPatches)
		if err == nil {
			ep, err = r.cluster.Serve(patched, r.crd, r.version)
		}
		if err != nil {
			r.fail(err, "initialCRDPatches: %v", err)
			return
		}
	}
	stored, ok := r.createInitial(ep, c)
	if !ok {
		return
	}
	if len(c.InitialCRDPatches) > 0 {
		if _, err := r.cluster.Serve(r.crd, nil, r.version); err != nil {
			r.fail(err, "restoring the CRD: %v", err)
			return
		}
		// The object as the server reads it under the CRD as it is.
		resp := r.step("get", r.base.Get(stored))
		if !r.expectError("read under the CRD as it is", resp, "") {
			return
		}
		stored = resp.Object
	}
	if stored, ok = r.updateSteps(c, stored); ok {
		r.compare(c, r.step("get", r.base.Get(stored)).Object)
	}
}

// createInitial creates the initial object of an update case, and writes
// its status if it has one; both must succeed.
func (r *runner) createInitial(ep Endpoint, c *Case) (*unstructured.Unstructured, bool) {
	body, namespace, err := createBody(c.Initial)
	if err != nil {
		r.fail(nil, "initial: %v", err)
		return nil, false
	}
	resp := r.step("create", ep.Create(body, c.FieldValidation, namespace))
	if !r.expectError("create of the initial object", resp, "") {
		return nil, false
	}
	stored := resp.Object
	if status, ok := statusOf(c.Initial); ok {
		b, err := statusBody(stored, status)
		if err != nil {
			r.fail(err, "initial status: %v", err)
			return nil, false
		}
		resp = r.step("status", ep.Update(stored, b, c.FieldValidation, true))
		if !r.expectError("status update of the initial object", resp, "") {
			return nil, false
		}
		stored = resp.Object
	}
	return stored, true
}

// updateSteps runs the updates of a case: the main update, the status
// update and the scale update, each when the case has it.
func (r *runner) updateSteps(c *Case, stored *unstructured.Unstructured) (*unstructured.Unstructured, bool) {
	if strings.TrimSpace(c.Updated) != "" {
		b, err := updateBody(c.Updated, stored)
		if err != nil {
			r.fail(nil, "updated: %v", err)
			return nil, false
		}
		resp := r.step("update", r.base.Update(stored, b, c.FieldValidation, false))
		if !r.expectError("update", resp, c.ExpectedError) {
			return nil, false
		}
		stored = resp.Object
		status, hasStatus := statusOf(c.Updated)
		if c.ExpectedStatusError != "" && !hasStatus {
			r.fail(nil, "expectedStatusError is set, but updated has no status to write through /status")
			return nil, false
		}
		if hasStatus {
			b, err := statusBody(stored, status)
			if err != nil {
				r.fail(err, "updated status: %v", err)
				return nil, false
			}
			resp = r.step("status", r.base.Update(stored, b, c.FieldValidation, true))
			if !r.expectError("status update", resp, c.ExpectedStatusError) {
				return nil, false
			}
			stored = resp.Object
		}
	}
	if c.UpdatedScale != nil {
		want := ""
		if strings.TrimSpace(c.Updated) == "" {
			want = c.ExpectedError
		}
		resp := r.step("scale", r.base.Scale(stored, *c.UpdatedScale))
		if !r.expectError("scale update", resp, want) {
			return nil, false
		}
		stored = resp.Object
	}
	return stored, true
}

// compare compares the stored object with the case's expected one.
func (r *runner) compare(c *Case, stored *unstructured.Unstructured) {
	if c.Expected == "" || stored == nil {
		return
	}
	diff, err := compareExpected(c.Expected, stored)
	switch {
	case err != nil:
		r.fail(nil, "%v", err)
	case diff != "":
		r.fail(nil, "the stored object is not the expected one")
		r.out.Diff = diff
	}
}

// checkWarnings holds the warnings of every request to the expected
// ones: each expected warning is part of one warning, and every warning
// is expected.
func (r *runner) checkWarnings(want []string) {
	var got []string
	for _, s := range r.out.Steps {
		got = append(got, s.Warnings...)
	}
	left := append([]string(nil), got...)
	for _, w := range want {
		found := -1
		for i, g := range left {
			if strings.Contains(g, w) {
				found = i
				break
			}
		}
		if found < 0 {
			r.fail(nil, "no warning contains %q (warnings: %q)", w, got)
			return
		}
		left = append(left[:found], left[found+1:]...)
	}
	if len(left) > 0 {
		r.fail(nil, "unexpected warnings: %q", left)
	}
}

// patcher is a Cluster that patches CRDs itself (the in-process one
// patches each CRD once per patch, and keeps the result).
type patcher interface {
	Patch(crd *apiextv1.CustomResourceDefinition, patches []Patch) (*apiextv1.CustomResourceDefinition, error)
}

// patchOn patches a CRD as cluster does.
func patchOn(cluster Cluster, crd *apiextv1.CustomResourceDefinition, patches []Patch) (*apiextv1.CustomResourceDefinition, error) {
	if p, ok := cluster.(patcher); ok {
		return p.Patch(crd, patches)
	}
	return patchCRD(crd, patches)
}

// patchCRD applies a case's JSON patch to the CRD, as its file.
func patchCRD(crd *apiextv1.CustomResourceDefinition, patches []Patch) (*apiextv1.CustomResourceDefinition, error) {
	doc, err := json.Marshal(crd)
	if err != nil {
		return nil, err
	}
	ops, err := json.Marshal(patches)
	if err != nil {
		return nil, err
	}
	p, err := jsonpatch.DecodePatch(ops)
	if err != nil {
		return nil, err
	}
	out, err := p.Apply(doc)
	if err != nil {
		return nil, err
	}
	patched := &apiextv1.CustomResourceDefinition{}
	if err := sigsyaml.UnmarshalStrict(out, patched); err != nil {
		return nil, fmt.Errorf("the patched CRD: %v", err)
	}
	return patched, nil
}
