package crddiff

// This file implements the security lint of new CRDs: every subtree where
// the API server stops pruning unknown fields (whatever a client sends is
// stored in etcd unvalidated), wherever it is, and strings that CEL rules read without a maxLength
// (the server then assumes the largest possible string, and a client can
// send one).

import (
	"fmt"
	"maps"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// Lint returns the findings of the security lint on CRDs, sorted.
func Lint(crds []*apiextv1.CustomResourceDefinition) []Change {
	c := &comparer{}
	for _, crd := range crds {
		for i, v := range crd.Spec.Versions {
			if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				continue
			}
			s := &schemaComparer{c: c, crd: crd.Name, version: v.Name, base: fmt.Sprintf("spec.versions[%d].schema.openAPIV3Schema", i)}
			root := v.Schema.OpenAPIV3Schema
			s.unpruned(root, nil, "unpruned", Finding)
			s.lintRules(root)
		}
	}
	sortChanges(c.changes)
	return c.changes
}

// lintRules reports strings that the CEL rules of a node read and that have
// no maxLength: the node itself, the items of a list of strings, and the
// string fields a rule reads (self.<field>, by the rule's syntax tree).
func (s *schemaComparer) lintRules(root *apiextv1.JSONSchemaProps) {
	schemapath.Walk(root, func(p *apiextv1.JSONSchemaProps, at schemapath.Path) bool {
		if len(p.XValidations) > 0 {
			s.lintNode(p, at)
		}
		return true
	})
}

func (s *schemaComparer) lintNode(p *apiextv1.JSONSchemaProps, at schemapath.Path) {
	switch {
	case unboundedString(p):
		s.emit(at, "maxLength", "cel-string-unbounded", Finding, "", "a CEL rule reads this string, which has no maxLength: the rule is costed for the longest string a request can hold")
	case p.Items != nil && p.Items.Schema != nil && unboundedString(p.Items.Schema):
		s.emit(at.Items(), "maxLength", "cel-string-unbounded", Finding, "", "a CEL rule reads these strings, which have no maxLength")
	}
	// The first rule that reads each string field, by the rules' syntax.
	readBy := map[string]string{}
	for _, r := range p.XValidations {
		for _, expr := range []string{r.Rule, r.MessageExpression} {
			for _, name := range celcost.FieldsRead(expr) {
				if _, seen := readBy[name]; !seen {
					readBy[name] = r.Rule
				}
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(readBy)) {
		if prop, ok := p.Properties[name]; ok && unboundedString(&prop) {
			s.emit(at.Property(name), "maxLength", "cel-string-unbounded", Finding, "",
				"the CEL rule %q reads this string, which has no maxLength", readBy[name])
		}
	}
}

func unboundedString(p *apiextv1.JSONSchemaProps) bool {
	return p.Type == "string" && p.MaxLength == nil && len(p.Enum) == 0 && p.Format != "date-time" && p.Format != "date" && p.Format != "duration"
}
