package crtest

import "testing"

func TestWordingOf(t *testing.T) {
	for _, c := range []struct {
		want, got string
		wording   bool
	}{
		{`spec.x: Invalid value: "object": x is wrong`, `T "a" is invalid: spec.x: Invalid value: x is wrong`, true},
		{`spec.x: Invalid value: "string": x is wrong`, `spec.x: Invalid value: "a\"b": x is wrong`, true},
		{`spec.n: Invalid value: "integer": n is immutable`, `spec.n: Invalid value: 5: n is immutable`, true},
		{`<nil>: Invalid value: "null"`, `<nil>: Invalid value: null: some validation rules were not checked`, true},
		{`Duplicate value: map[string]interface {}{"a":"b", "c":"d"}`, `Duplicate value: {"a":"b","c":"d"}`, true},
		{`in body must be of type integer: "number"`, `in body must be of type int32: "float64"`, true},
		// A rule's evaluation error still names the type: either reading holds.
		{`Invalid value: "object": no such key: k, x: Invalid value: "object": y`, `Invalid value: "object": no such key: k, x: Invalid value: y`, true},
		{`spec.x: Invalid value: "object": x is wrong`, `spec.x: Invalid value: x is right`, false},
		{`spec.x: something else`, `spec.x: something other`, false},
	} {
		o := &Outcome{Want: c.want, Got: c.got}
		if got := wordingOf(o); got != c.wording {
			t.Errorf("wordingOf(%q, %q) = %v, want %v", c.want, c.got, got, c.wording)
		}
	}
}

func TestParseSuiteTolerant(t *testing.T) {
	suite := `name: W
crdName: widgets.example.com
featureGate: [A]
tests:
  onCreate:
  - name: first
    initial: "kind: W"
  onCreate:
  - name: second
    initial: "kind: W"
    expectedErrors: x
onUpdate:
- name: outside
  initial: "kind: W"
  updated: "kind: W"
`
	s, warnings, err := ParseSuiteTolerant("s.yaml", []byte(suite))
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 4 {
		for _, w := range warnings {
			t.Log(w)
		}
		t.Fatalf("%d warnings, want 4 (featureGate, onCreate again, expectedErrors, onUpdate)", len(warnings))
	}
	if len(s.FeatureGates) != 0 || len(s.Tests.OnCreate) != 1 || s.Tests.OnCreate[0].Name != "second" || len(s.Unrun) != 2 {
		t.Errorf("suite: gates %v, onCreate %d, unrun %d", s.FeatureGates, len(s.Tests.OnCreate), len(s.Unrun))
	}
	if _, err := ParseSuite("s.yaml", []byte(suite)); err == nil {
		t.Error("read strictly, the suite is an error")
	}
	if !OpenShiftReads("api/v1/tests/widgets/a.yaml") || OpenShiftReads("api/v1/tests/a.yaml") {
		t.Error("the harness reads tests/<dir>/<file>.yaml only")
	}
}
