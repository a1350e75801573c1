package crtest

// This file implements starter suites (crdgen test --init): a minimal
// valid object of a kind and, for each validation of its schema, an object
// that breaks it, every case found by asking the in-process server and
// written with what the server answered.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	sigsyaml "sigs.k8s.io/yaml"
)

// MaxStarterCases bounds the failing cases of a starter suite: a schema
// that embeds a pod template has thousands of validations, and a suite is
// for reading. The shallowest fields come first.
const MaxStarterCases = 60

// Starter writes a starter suite for the storage version of crd (in
// openshift/api's format): a case that creates a minimal valid object, a
// failing case for every validation it can break with one change (a
// required field removed, a value past a bound, outside an enum, not
// matching a pattern or a format, too many or too few items or
// properties, a CEL rule broken by changing a field it reads; transition
// rules as updates), each expecting the error the server gives; what it
// could not derive is said in the suite's comments.
//
// featureGates, when given, are the suite's: the feature set it runs in.
func Starter(crd *apiextv1.CustomResourceDefinition, featureGates []string) (*StarterSuite, error) {
	version := storageVersion(crd)
	srv, err := NewServer(crd, version)
	if err != nil {
		return nil, err
	}
	st := &starter{srv: srv, crd: crd, version: version, gates: featureGates}
	base, err := st.minimal()
	if err != nil {
		return nil, err
	}
	st.base = base
	resp := st.create(base)
	if resp.Err != nil {
		return nil, fmt.Errorf("the smallest %s crdgen can make is invalid (write the suite's first case by hand): %v", crd.Spec.Names.Kind, resp.Err)
	}
	expected := comparable(resp.Object.Object)
	if md, ok := expected["metadata"].(map[string]any); ok {
		delete(md, "name")
		delete(md, "namespace")
		if len(md) == 0 {
			delete(expected, "metadata")
		}
	}
	st.cases = append(st.cases, starterCase{name: "a minimal " + crd.Spec.Names.Kind + " is valid", initial: base, expected: expected})
	st.derive()
	return &StarterSuite{Text: st.render(), Cases: len(st.cases), Skipped: len(st.skipped), Full: st.full}, nil
}

// StarterSuite is a starter suite: its YAML, its number of cases, the
// number of validations it found no case for, and whether it stopped at
// MaxStarterCases.
type StarterSuite struct {
	Text           []byte
	Cases, Skipped int
	Full           bool
}

// storageVersion is the version a CRD stores.
func storageVersion(crd *apiextv1.CustomResourceDefinition) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return crd.Spec.Versions[0].Name
}

// starter holds the state of one starter suite.
type starter struct {
	srv     *Server
	crd     *apiextv1.CustomResourceDefinition
	version string
	gates   []string
	base    map[string]any
	cases   []starterCase
	// seen are the expected errors already written; skipped the
	// validations no case was found for; full says MaxStarterCases
	// stopped the walk.
	seen    map[string]bool
	skipped []string
	full    bool
}

// starterCase is a case of a starter suite.
type starterCase struct {
	name             string
	initial, updated map[string]any
	expected         map[string]any
	expectedError    string
}

// minimal is the smallest object of the version: its required fields,
// and its spec.
func (st *starter) minimal() (map[string]any, error) {
	root := versionSchema(st.crd, st.version)
	if root == nil {
		return nil, fmt.Errorf("%s has no schema for version %s", st.crd.Name, st.version)
	}
	obj, _ := sample(root).(map[string]any)
	if obj == nil {
		obj = map[string]any{}
	}
	if spec, ok := root.Properties["spec"]; ok && obj["spec"] == nil {
		obj["spec"] = sample(&spec)
	}
	delete(obj, "metadata")
	delete(obj, "status")
	obj["apiVersion"] = st.crd.Spec.Group + "/" + st.version
	obj["kind"] = st.crd.Spec.Names.Kind
	return obj, nil
}

// versionSchema is a version's schema.
func versionSchema(crd *apiextv1.CustomResourceDefinition, version string) *apiextv1.JSONSchemaProps {
	for _, v := range crd.Spec.Versions {
		if v.Name == version && v.Schema != nil {
			return v.Schema.OpenAPIV3Schema
		}
	}
	return nil
}

// create creates obj on the suite's server.
func (st *starter) create(obj map[string]any) Response {
	b, namespace, err := createBody(yamlOf(obj))
	if err != nil {
		return Response{Err: err}
	}
	return st.srv.Create(b, "", namespace)
}

// update creates initial and replaces it with obj.
func (st *starter) update(initial, obj map[string]any) Response {
	resp := st.create(initial)
	if resp.Err != nil {
		return resp
	}
	b, err := updateBody(yamlOf(obj), resp.Object)
	if err != nil {
		return Response{Err: err}
	}
	return st.srv.Update(resp.Object, b, "", false)
}

// causes are the field errors of a rejected request, each as the
// server's message writes it ("spec.size: Invalid value: ...").
func causes(err error) []string {
	var status apierrors.APIStatus
	if !errors.As(err, &status) || status.Status().Details == nil || len(status.Status().Details.Causes) == 0 {
		return []string{err.Error()}
	}
	var out []string
	for _, c := range status.Status().Details.Causes {
		if c.Field == "" {
			out = append(out, c.Message)
		} else {
			out = append(out, c.Field+": "+c.Message)
		}
	}
	return out
}

// yamlOf is an object as a suite writes it.
func yamlOf(obj map[string]any) string {
	data, err := sigsyaml.Marshal(obj)
	if err != nil {
		panic("crdgen: an object of JSON values does not encode: " + err.Error())
	}
	return string(data)
}

// render is the suite's YAML.
func (st *starter) render() []byte {
	var b bytes.Buffer
	kind := st.crd.Spec.Names.Kind
	fmt.Fprintf(&b, "# A starter suite for %s, written by crdgen test --init: a minimal valid\n", kind)
	b.WriteString("# object, and an object that breaks each validation crdgen could break with\n")
	b.WriteString("# one change, with the error the API server gives. Edit it freely: crdgen\n")
	b.WriteString("# test --init never replaces it.\n")
	for _, s := range st.skipped {
		fmt.Fprintf(&b, "# No case found for %s.\n", s)
	}
	if st.full {
		fmt.Fprintf(&b, "# Deeper fields have validations too: a starter suite stops once it has %d\n# failing cases.\n", MaxStarterCases)
	}
	fmt.Fprintf(&b, "name: %s\ncrdName: %s\nversion: %s\n", quote(kind), quote(st.crd.Name), quote(st.version))
	if len(st.gates) > 0 {
		b.WriteString("featureGates:\n")
		for _, g := range st.gates {
			fmt.Fprintf(&b, "- %s\n", quote(g))
		}
	}
	b.WriteString("tests:\n")
	for _, list := range []string{"onCreate", "onUpdate"} {
		first := true
		for _, c := range st.cases {
			if (c.updated != nil) != (list == "onUpdate") {
				continue
			}
			if first {
				fmt.Fprintf(&b, "  %s:\n", list)
				first = false
			}
			c.write(&b)
		}
	}
	return b.Bytes()
}

func (c *starterCase) write(b *bytes.Buffer) {
	fmt.Fprintf(b, "  - name: %s\n", quote(c.name))
	block(b, "initial", c.initial)
	if c.updated != nil {
		block(b, "updated", c.updated)
	}
	if c.expected != nil {
		block(b, "expected", c.expected)
	}
	if c.expectedError != "" {
		fmt.Fprintf(b, "    expectedError: %s\n", quote(c.expectedError))
	}
}

// block writes an object as a literal block.
func block(b *bytes.Buffer, key string, obj map[string]any) {
	fmt.Fprintf(b, "    %s: |\n", key)
	for _, line := range strings.SplitAfter(strings.TrimSuffix(yamlOf(obj), "\n"), "\n") {
		b.WriteString("      " + line)
	}
	b.WriteByte('\n')
}

// quote is a YAML double-quoted scalar (JSON's quoting is YAML's).
func quote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
