package schemagen

// This file implements the +k8s: tags of declarative validation that
// controller-gen v0.23.0 does not read (pkg/markers/defs_k8s.go): where they
// apply, and those whose meaning is not one of an existing marker's.

import (
	"fmt"
	"strconv"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// k8sTagApplies reports whether a marker applies on a node of owner: every
// marker does, but a declarative-validation tag controller-gen does not
// read applies in a dependency's types only as Options.K8sDependencies says.
func (g *gen) k8sTagApplies(m markers.Marker, owner *model.Type) bool {
	if m.Def == nil || m.Def.K8sLevel == "" || owner == nil || owner.Package == nil || owner.Package.Local {
		return true
	}
	switch g.opts.K8sDependencies {
	case "all":
		return true
	case "stable":
		return m.Def.K8sLevel == "stable"
	}
	return false
}

// applyK8sMaxBytes bounds a string's UTF-8 bytes, as validation-gen's
// MaxBytes does: the schema's maxLength counts characters, so the bound
// is a CEL rule on the string's bytes, and maxLength N (a string of at
// most N bytes has at most N characters) bounds the rule's cost.
func applyK8sMaxBytes(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.K8sMaxBytes).Value
	if err := needTextual(c, s); err != nil {
		return err
	}
	if err := needCount(n); err != nil {
		return err
	}
	if s.MaxLength == nil || *s.MaxLength > n {
		s.MaxLength = &n
	}
	unit := "bytes"
	if n == 1 {
		unit = "byte"
	}
	s.XValidations = append(s.XValidations, apiextv1.ValidationRule{
		Rule:    fmt.Sprintf("size(bytes(self)) <= %d", n),
		Message: fmt.Sprintf("may not be more than %d %s", n, unit),
	})
	return nil
}

// applyK8sNEQ forbids one value, as validation-gen's NEQ does: a string
// payload on a string, an integer on an integer, a boolean on a boolean.
func applyK8sNEQ(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	n := v.(markers.K8sNEQ)
	kind, text := n.Kind()
	want := s.Type
	if s.XIntOrString || (want != "string" && want != "integer" && want != "boolean") {
		return fmt.Errorf("+%s needs a string, an integer or a boolean, and %s is %s", c.m.Name, c.subject, describeType(s))
	}
	if kind != want {
		return valueErrorf("the value %s is %s, and %s is %s", n.Value, article(kind), c.subject, describeType(s))
	}
	lit, msg := text, text
	if kind == "string" {
		lit, msg = celString(text), strconv.Quote(text)
	}
	s.XValidations = append(s.XValidations, apiextv1.ValidationRule{
		Rule:    "self != " + lit,
		Message: "must not be equal to " + msg,
	})
	return nil
}

// celString is s as a CEL string literal: double-quoted, with the
// characters CEL escapes escaped.
func celString(s string) string {
	out := []byte{'"'}
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			out = append(out, '\\', byte(r))
		case r == '\n':
			out = append(out, '\\', 'n')
		case r == '\r':
			out = append(out, '\\', 'r')
		case r == '\t':
			out = append(out, '\\', 't')
		case r < 0x20 || r == 0x7f:
			out = append(out, fmt.Sprintf("\\x%02x", r)...)
		default:
			out = append(out, string(r)...)
		}
	}
	return string(append(out, '"'))
}
