package schemagen

// This file implements the +k8s: tags of declarative validation that
// controller-gen v0.23.0 does not read (pkg/markers/defs_k8s.go): where they
// apply, and those whose meaning is not one of an existing marker's.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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

// forbid writes +k8s:forbidden of field f (named name in props) as
// validation-gen's Forbidden validators judge it: a pointer must be left
// out (a rule on the parent, reported at the field), a list or a map
// empty, and any other value its zero value (a rule on the field). A
// struct that is not a pointer has no forbidden form, as in validation-gen.
func (g *gen) forbid(fm []markers.Marker, f *model.Field, fs, props *apiextv1.JSONSchemaProps, name string, at site, owner *model.Type) {
	_, m, ok := markers.First[markers.K8sForbidden](fm)
	if !ok || !g.k8sTagApplies(m, owner) {
		return
	}
	forbidden := apiextv1.FieldValueForbidden
	if _, ptr := f.Type.(*model.Pointer); ptr {
		props.XValidations = append(props.XValidations, apiextv1.ValidationRule{
			Rule: "!has(self." + name + ")", Message: "field " + name + " is forbidden", FieldPath: "." + name, Reason: &forbidden,
		})
		return
	}
	var rule string
	switch {
	case fs.Type == "array" || fs.Type == "object" && fs.AdditionalProperties != nil:
		rule = "self.size() == 0"
	case fs.Type == "string" && !fs.XIntOrString:
		rule = `self == ""`
	case fs.Type == "integer" || fs.Type == "number":
		rule = "self == 0"
	case fs.Type == "boolean":
		rule = "self == false"
	default:
		g.diags.Errorf(m.Pos, markers.CodeSchema, "+%s: %s is %s, which has no zero value to require; make it a pointer", m.Name, at.what, describeType(fs))
		return
	}
	fs.XValidations = append(fs.XValidations, apiextv1.ValidationRule{Rule: rule, Message: "field " + name + " is forbidden", Reason: &forbidden})
}

// updateRules writes +k8s:update of field f (named name in props) as
// transition rules that judge as validation-gen's Update validators do:
// a field is set when present and, but for a pointer, not its zero value;
// NoModify, relying on ratcheting there, is a change between two set
// values. The rules are on the parent, which holds the field's presence
// in both objects, and report at the field; an update of an object whose
// parent was absent before is no transition, in both. A struct that is not
// a pointer is always set: NoModify is a rule on the field itself.
func (g *gen) updateRules(fm []markers.Marker, f *model.Field, fs, props *apiextv1.JSONSchemaProps, name string, at site, owner *model.Type) {
	var asked []markers.Marker
	for _, m := range fm {
		if _, ok := m.Value.(markers.K8sUpdate); ok && g.k8sTagApplies(m, owner) {
			asked = append(asked, m)
		}
	}
	if len(asked) == 0 {
		return
	}
	_, ptr := f.Type.(*model.Pointer)
	compound := fs.Type == "array" || fs.Type == "object" && fs.AdditionalProperties != nil
	isStruct := !ptr && !compound && fs.Type == "object"
	set := func(x string) string { return "has(" + x + "." + name + ")" }
	if !ptr {
		switch {
		case compound:
			set = func(x string) string { return "(has(" + x + "." + name + ") && " + x + "." + name + ".size() > 0)" }
		case fs.Type == "string" && !fs.XIntOrString:
			set = func(x string) string { return "(has(" + x + "." + name + `) && ` + x + "." + name + ` != "")` }
		case fs.Type == "integer" || fs.Type == "number":
			set = func(x string) string { return "(has(" + x + "." + name + ") && " + x + "." + name + " != 0)" }
		case fs.Type == "boolean":
			set = func(x string) string { return "(has(" + x + "." + name + ") && " + x + "." + name + ")" }
		}
	}
	for _, m := range asked {
		c := m.Value.(markers.K8sUpdate).Value
		var rule, msg string
		switch {
		case !slices.Contains(markers.K8sUpdates(), c):
			g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+%s: unknown constraint %q%s (want one of %s)", m.Name, c, didYouMean(c, markers.K8sUpdates()), strings.Join(markers.K8sUpdates(), ", "))
			continue
		case (c == "NoAddItem" || c == "NoRemoveItem") && fs.Type != "object":
			g.diags.Errorf(m.Pos, markers.CodeSchema, "+%s=%s: %s is %s; crdgen writes it for a map's keys (a list's items are not supported yet)", m.Name, c, at.what, describeType(fs))
			continue
		case c == "NoModify" && compound:
			g.diags.Errorf(m.Pos, markers.CodeSchema, "+%s=NoModify does not apply to a list or a map, as in validation-gen (whose +k8s:eachVal=+k8s:update=NoModify, for the items, crdgen does not write yet)", m.Name)
			continue
		case (c == "NoSet" || c == "NoUnset") && isStruct:
			g.diags.Errorf(m.Pos, markers.CodeSchema, "+%s=%s does not apply to a struct that is not a pointer (it is never unset), as in validation-gen", m.Name, c)
			continue
		case c == "NoModify" && isStruct:
			fs.XValidations = append(fs.XValidations, apiextv1.ValidationRule{Rule: "self == oldSelf", Message: "field cannot be modified once set"})
			continue
		case c == "NoSet":
			rule, msg = "!"+set("self")+" || "+set("oldSelf"), "field cannot be set once created"
		case c == "NoUnset":
			rule, msg = "!"+set("oldSelf")+" || "+set("self"), "field cannot be cleared once set"
		case c == "NoModify":
			rule, msg = "!"+set("self")+" || !"+set("oldSelf")+" || self."+name+" == oldSelf."+name, "field cannot be modified once set"
		case c == "NoAddItem":
			rule, msg = "!"+set("self")+" || self."+name+".all(k, "+set("oldSelf")+" && k in oldSelf."+name+")", "items cannot be added"
		case c == "NoRemoveItem":
			rule, msg = "!"+set("oldSelf")+" || oldSelf."+name+".all(k, "+set("self")+" && k in self."+name+")", "items cannot be removed"
		}
		props.XValidations = append(props.XValidations, apiextv1.ValidationRule{Rule: rule, Message: msg, FieldPath: "." + name})
	}
}

// applyEachNoModify writes +k8s:eachVal=+k8s:update=NoModify: a value of a
// map, or an item of a list whose items the API server correlates by key
// (listType=map), may be added or removed but not changed, as
// validation-gen's per-item NoModify (which needs listType=map too) judges:
// a transition rule on each value, which the server runs only for a value
// in both objects.
func (g *gen) applyEachNoModify(m markers.Marker, s *apiextv1.JSONSchemaProps, subject string) {
	var each *apiextv1.JSONSchemaProps
	switch {
	case s.Type == "object" && s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil:
		each = s.AdditionalProperties.Schema
	case s.Type == "array" && s.Items != nil && s.Items.Schema != nil && s.XListType != nil && *s.XListType == "map":
		each = s.Items.Schema
	case s.Type == "array":
		g.diags.Errorf(m.Pos, markers.CodeSchema, "+%s=+k8s:update=NoModify needs a list whose items are matched by key (+listType=map), as in validation-gen; %s is not one", m.Name, subject)
		return
	default:
		g.diags.Errorf(m.Pos, markers.CodeSchema, "+%s applies to the values of a list or a map, but %s is %s", m.Name, subject, describeType(s))
		return
	}
	if each.Type == "array" || each.Type == "object" && each.AdditionalProperties != nil {
		g.diags.Errorf(m.Pos, markers.CodeSchema, "+%s=+k8s:update=NoModify does not apply to values that are lists or maps, as in validation-gen", m.Name)
		return
	}
	each.XValidations = append(each.XValidations, apiextv1.ValidationRule{Rule: "self == oldSelf", Message: "field cannot be modified once set"})
}
