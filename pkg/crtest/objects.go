package crtest

// This file implements the objects of a case: the request bodies made from
// its YAML (as the suite's harness makes them: a generated name, the
// default namespace; on update the stored object's name and resource
// version), and the comparison of what was stored with what was expected.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
	yaml "go.yaml.in/yaml/v3"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	sigsyaml "sigs.k8s.io/yaml"
)

// body makes a request body of an object's YAML, with metadata set (a key
// already there keeps its value unless override), keeping the YAML as
// written otherwise (duplicate keys included, which the server must see).
func body(text string, set map[string]string, override bool) ([]byte, string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, "", fmt.Errorf("the object is not YAML: %v", err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, "", fmt.Errorf("the object is not a mapping")
	}
	root := doc.Content[0]
	md := child(root, "metadata")
	if md == nil || md.Kind != yaml.MappingNode {
		if md != nil {
			return nil, "", fmt.Errorf("metadata is not a mapping")
		}
		md = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "metadata"}, md)
	}
	for _, key := range []string{"name", "generateName", "namespace", "resourceVersion"} {
		v, ok := set[key]
		if !ok || key == "generateName" && hasName(md) {
			continue
		}
		if n := child(md, key); n != nil {
			if override {
				n.Kind, n.Tag, n.Value, n.Style = yaml.ScalarNode, "!!str", v, yaml.DoubleQuotedStyle
			}
			continue
		}
		md.Content = append(md.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key},
			&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v, Style: yaml.DoubleQuotedStyle})
	}
	namespace := ""
	if n := child(md, "namespace"); n != nil {
		namespace = n.Value
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, "", err
	}
	return b.Bytes(), namespace, enc.Close()
}

// hasName reports whether metadata has a name.
func hasName(md *yaml.Node) bool {
	n := child(md, "name")
	return n != nil && n.Value != ""
}

// createBody is the body that creates a case's object, and the namespace
// it is created in: a generated name (test-) unless it has a name, in the
// default namespace unless it has one.
func createBody(text string) ([]byte, string, error) {
	return body(text, map[string]string{"namespace": "default", "generateName": "test-"}, false)
}

// updateBody is the body that replaces stored with a case's object: the
// stored object's name, namespace and resource version.
func updateBody(text string, stored *unstructured.Unstructured) ([]byte, error) {
	set := map[string]string{"name": stored.GetName(), "resourceVersion": stored.GetResourceVersion()}
	if ns := stored.GetNamespace(); ns != "" {
		set["namespace"] = ns
	}
	b, _, err := body(text, set, true)
	return b, err
}

// statusOf is the status of a case's object, if it has one.
func statusOf(text string) (any, bool) {
	if !strings.Contains(text, "status") {
		return nil, false
	}
	var obj map[string]any
	if sigsyaml.Unmarshal([]byte(text), &obj) != nil {
		return nil, false
	}
	s, ok := obj["status"]
	return s, ok
}

// statusBody is the body of a /status update of stored with status.
func statusBody(stored *unstructured.Unstructured, status any) ([]byte, error) {
	u := stored.DeepCopy()
	u.Object["status"] = status
	return json.Marshal(u.Object)
}

// ignoredMetadata are the metadata the server sets, which a case's
// expected object does not give (controller-runtime's komega ignores the
// same, for openshift/api's harness).
var ignoredMetadata = []string{"uid", "generation", "creationTimestamp", "resourceVersion", "managedFields",
	"deletionGracePeriodSeconds", "deletionTimestamp", "selfLink", "generateName"}

// comparable is an object as cases compare it: through JSON (so that
// numbers are what a stored object holds), without the server-set
// metadata.
func comparable(obj map[string]any) map[string]any {
	data, _ := json.Marshal(obj)
	var out map[string]any
	json.Unmarshal(data, &out)
	if md, ok := out["metadata"].(map[string]any); ok {
		for _, k := range ignoredMetadata {
			delete(md, k)
		}
		if len(md) == 0 {
			delete(out, "metadata")
		}
	}
	return out
}

// compareExpected compares the stored object with a case's expected YAML
// (its name and namespace taken from the stored one); "" when they are
// the same, else a diff (-expected +stored).
func compareExpected(expected string, stored *unstructured.Unstructured) (string, error) {
	var want map[string]any
	if err := sigsyaml.Unmarshal([]byte(expected), &want); err != nil {
		return "", fmt.Errorf("expected is not YAML: %v", err)
	}
	w := &unstructured.Unstructured{Object: want}
	w.SetName(stored.GetName())
	if ns := stored.GetNamespace(); ns != "" {
		w.SetNamespace(ns)
	}
	a, b := comparable(w.Object), comparable(stored.Object)
	if equality.Semantic.DeepEqual(a, b) {
		return "", nil
	}
	ya, _ := sigsyaml.Marshal(a)
	yb, _ := sigsyaml.Marshal(b)
	diff, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(strings.TrimSuffix(string(ya), "\n")), B: difflib.SplitLines(strings.TrimSuffix(string(yb), "\n")),
		FromFile: "expected", ToFile: "stored", Context: 3,
	})
	return strings.TrimRight(diff, "\n"), nil
}
