package crtest

// This file implements reading suites as openshift/api's envtest harness
// reads them (crdgen.yaml's test.harness: openshift), for a project whose
// suites were only ever run there. Its harness decodes a suite leniently,
// so keys it does not know are ignored: crdgen says so at their line and
// goes on, where it would refuse the suite. What the harness never runs
// is skipped, with why: cases outside tests: (a top-level onUpdate:),
// files that are not tests/<dir>/<file>.yaml, suites whose featureGates
// select none of its manifests.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
)

// ReadSuiteTolerant reads a suite file through fsys as ParseSuiteTolerant
// does.
func ReadSuiteTolerant(path string, fsys safefile.FS) (*Suite, []*SyntaxError, error) {
	data, err := fsys.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return ParseSuiteTolerant(path, data)
}

// ParseSuiteTolerant parses a suite as openshift/api's harness reads it:
// the keys it ignores are warnings (the returned SyntaxErrors), not
// errors, and cases outside tests: are the suite's Unrun cases. A suite
// its harness cannot read either (no crdName, a case without its object)
// is still an error.
func ParseSuiteTolerant(path string, data []byte) (*Suite, []*SyntaxError, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, yamlError(path, err, nil)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, nil, &SyntaxError{File: path, Line: 1, Column: 1, Msg: "a suite is a mapping with name, crdName and tests"}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var more yaml.Node
	if err := dec.Decode(&more); err == nil {
		if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
			return nil, nil, &SyntaxError{File: path, Line: more.Line, Column: more.Column, Msg: "a suite file holds one suite (one YAML document)"}
		}
	}
	root := doc.Content[0]
	s := &Suite{File: path, unrunWhy: map[*Case]string{}}
	// The harness's decoder keeps the last of a key given twice.
	warnings := dropRepeatedKeys(path, root, func(key string, n *yaml.Node) {
		s.unrun(n, key == "onUpdate", "under a key given again, which openshift's harness reads the last of")
	})
	if err := root.Decode(s); err != nil {
		return nil, nil, yamlError(path, err, &doc)
	}
	warnings = append(warnings, unknownKeys(path, root, "Suite")...)
	for _, key := range []string{"onCreate", "onUpdate"} {
		s.unrun(child(root, key), key == "onUpdate", "outside tests:, where openshift's harness never reads it")
	}
	if err := s.finish(root); err != nil {
		return nil, nil, err
	}
	return s, warnings, nil
}

// unrun adds the cases of a list to the suite's cases that never run.
func (s *Suite) unrun(list *yaml.Node, onUpdate bool, why string) {
	if list == nil || list.Kind != yaml.SequenceNode {
		return
	}
	for _, n := range list.Content {
		c := &Case{OnUpdate: onUpdate, Line: n.Line, Column: n.Column}
		if err := n.Decode(c); err == nil {
			s.Unrun = append(s.Unrun, c)
			s.unrunWhy[c] = why
		}
	}
}

// dropRepeatedKeys removes, from every mapping, each key given again
// later (as the harness's decoder keeps the last), with a warning; lists
// of cases removed (onCreate, onUpdate) go to dropped.
func dropRepeatedKeys(path string, n *yaml.Node, dropped func(key string, value *yaml.Node)) []*SyntaxError {
	var out []*SyntaxError
	if n.Kind == yaml.MappingNode {
		last := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			last[n.Content[i].Value] = i
		}
		var kept []*yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if j := last[k.Value]; j != i {
				out = append(out, &SyntaxError{File: path, Line: k.Line, Column: k.Column,
					Msg: fmt.Sprintf("key %q is given again at line %d; openshift's harness reads the last, so this one is ignored", k.Value, n.Content[j].Line)})
				if k.Value == "onCreate" || k.Value == "onUpdate" {
					dropped(k.Value, v)
				}
				continue
			}
			kept = append(kept, k, v)
		}
		n.Content = kept
	}
	for _, c := range n.Content {
		out = append(out, dropRepeatedKeys(path, c, dropped)...)
	}
	return out
}

// unknownKeys are the keys of a mapping of a suite (of type typ in keysOf)
// and of the mappings in it that openshift's harness ignores, as
// warnings.
func unknownKeys(path string, n *yaml.Node, typ string) []*SyntaxError {
	var out []*SyntaxError
	if elem, ok := strings.CutPrefix(typ, "[]"); ok && n != nil && n.Kind == yaml.SequenceNode {
		for _, item := range n.Content {
			out = append(out, unknownKeys(path, item, elem)...)
		}
		return out
	}
	if n == nil || n.Kind != yaml.MappingNode || keysOf[typ] == nil {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if slices.Contains(keysOf[typ], k.Value) {
			out = append(out, unknownKeys(path, v, childType(typ, k.Value))...)
			continue
		}
		msg := fmt.Sprintf("unknown key %q, which openshift's harness ignores", k.Value)
		switch {
		case typ == "Suite" && (k.Value == "onCreate" || k.Value == "onUpdate"):
			msg += ": its cases are outside tests:, and never run there (skipped)"
		case typ == "Suite" && k.Value == "featureGate":
			msg += " (did you mean \"featureGates\"?): the suite runs with no gates, as there"
		default:
			if s := markers.Suggest(k.Value, keysOf[typ]); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
		}
		out = append(out, &SyntaxError{File: path, Line: k.Line, Column: k.Column, Msg: msg})
	}
	return out
}

// childType is the type of the value of a key of a suite's mapping, for
// unknownKeys ("" for a value that is not a mapping of a suite's).
func childType(typ, key string) string {
	switch typ + "." + key {
	case "Suite.tests":
		return "Tests"
	case "Tests.onCreate", "Tests.onUpdate":
		return "[]Case"
	case "Case.initialCRDPatches":
		return "[]Patch"
	}
	return ""
}

// OpenShiftReads reports whether openshift/api's harness reads a suite
// file: a .yaml file in a directory of a tests directory
// (tests/<dir>/<file>.yaml).
func OpenShiftReads(path string) bool {
	return strings.HasSuffix(path, ".yaml") && filepath.Base(filepath.Dir(filepath.Dir(path))) == "tests"
}

// Skip is the outcome of each case of a suite that does not run, with
// why.
func Skip(s *Suite, why string) []*Outcome {
	var out []*Outcome
	for _, c := range slices.Concat(s.Tests.OnCreate, s.Tests.OnUpdate, s.Unrun) {
		out = append(out, &Outcome{Suite: s, Case: c, Skipped: why})
	}
	return out
}

// SkipUnrun is the outcome of each case of a suite its harness never runs.
func SkipUnrun(s *Suite) []*Outcome {
	var out []*Outcome
	for _, c := range s.Unrun {
		out = append(out, &Outcome{Suite: s, Case: c, Skipped: s.unrunWhy[c]})
	}
	return out
}
