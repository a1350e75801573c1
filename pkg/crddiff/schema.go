package crddiff

// This file implements the comparison of one version's schemas, node by
// node: types, fields, required fields, enums, bounds, patterns, formats,
// defaults, CEL rules, list and map topology, and the escape hatches.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// ratchetingNote is what softens a tightened validation on a cluster.
const ratchetingNote = "objects already stored stay valid on updates that leave this value unchanged (validation ratcheting, Kubernetes 1.30 and later), but creates and changes must pass"

// schemaComparer compares the schemas of one version.
type schemaComparer struct {
	c            *comparer
	crd, version string
	// base is the new CRD's field path of the version's schema.
	base string
}

func (s *schemaComparer) emit(at schemapath.Path, keyword string, check Check, sev Severity, note, format string, args ...any) {
	fp := s.base + at.ServerForm()
	if keyword != "" {
		fp += "." + keyword
	}
	s.c.add(Change{CRD: s.crd, Version: s.version, Path: at.Display(), Check: check, Severity: sev,
		Message: fmt.Sprintf(format, args...), Note: note, FieldPath: fp})
}

// compare compares two schema nodes at the same place.
func (s *schemaComparer) compare(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	if o.Type != n.Type || o.XIntOrString != n.XIntOrString {
		s.emit(at, "type", "type-changed", Breaking, "", "type changed from %s to %s: stored objects and clients that send the old type no longer fit", typeName(o), typeName(n))
		return
	}
	if o.Description != n.Description {
		s.emit(at, "description", "description-changed", Safe, "", "description changed")
	}
	s.compareFormat(o, n, at)
	s.compareEnum(o, n, at)
	s.compareBounds(o, n, at)
	s.compareDefault(o, n, at)
	s.compareFlags(o, n, at)
	s.compareRules(o, n, at)
	s.compareTopology(o, n, at)
	s.compareRequired(o, n, at)
	s.compareProperties(o, n, at)
	switch {
	case o.Items != nil && o.Items.Schema != nil && n.Items != nil && n.Items.Schema != nil:
		s.compare(o.Items.Schema, n.Items.Schema, at.Items())
	}
	oa, na := additional(o), additional(n)
	switch {
	case oa != nil && na != nil:
		s.compare(oa, na, at.Values())
	case oa != nil && na == nil && len(n.Properties) == 0 && !preserves(n):
		s.emit(at, "additionalProperties", "field-removed", Breaking, "", "map values are no longer allowed: they are pruned")
	}
}

func typeName(p *apiextv1.JSONSchemaProps) string {
	switch {
	case p.XIntOrString:
		return "int-or-string"
	case p.Type == "":
		return "any"
	}
	return p.Type
}

func additional(p *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if p.AdditionalProperties == nil {
		return nil
	}
	return p.AdditionalProperties.Schema
}

func preserves(p *apiextv1.JSONSchemaProps) bool {
	return p.XPreserveUnknownFields != nil && *p.XPreserveUnknownFields
}

func (s *schemaComparer) compareProperties(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	names := make([]string, 0, len(o.Properties)+len(n.Properties))
	for k := range o.Properties {
		names = append(names, k)
	}
	for k := range n.Properties {
		if _, ok := o.Properties[k]; !ok {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		op, inOld := o.Properties[name]
		np, inNew := n.Properties[name]
		child := at.Property(name)
		switch {
		case inOld && inNew:
			s.compare(&op, &np, child)
		case inOld:
			if preserves(n) {
				s.emit(child, "", "field-removed", Breaking, "", "field removed from the schema: it is no longer validated (unknown fields are kept here)")
				continue
			}
			s.emit(child, "", "field-removed", Breaking, "", "field removed: its values are pruned from objects that are written, and clients that set it lose it")
		default:
			if slices.Contains(n.Required, name) {
				continue // required-added reports it
			}
			s.emit(child, "", "field-added", Safe, "", "new optional field")
			s.unpruned(&np, child, "pruning-disabled", Security)
		}
	}
}

func (s *schemaComparer) compareRequired(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	for _, r := range n.Required {
		if slices.Contains(o.Required, r) {
			continue
		}
		msg := "field became required: objects without it are rejected"
		if _, existed := o.Properties[r]; !existed {
			msg = "new required field: objects without it are rejected"
		}
		s.emit(at.Property(r), "", "required-added", Breaking, ratchetingNote, "%s", msg)
	}
	for _, r := range o.Required {
		if _, kept := n.Properties[r]; !kept && !preserves(n) {
			continue // field-removed reports it
		}
		if !slices.Contains(n.Required, r) {
			s.emit(at.Property(r), "", "required-removed", Safe, "", "field is no longer required")
		}
	}
}

func (s *schemaComparer) compareFormat(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	switch {
	case o.Format == n.Format:
	case n.Format == "":
		s.emit(at, "format", "format-removed", Safe, "", "format %s removed", o.Format)
	default:
		s.emit(at, "format", "format-changed", Breaking, ratchetingNote, "format changed from %q to %q: values valid before may be rejected", o.Format, n.Format)
	}
}

func (s *schemaComparer) compareEnum(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	ov, nv := enumValues(o), enumValues(n)
	switch {
	case len(o.Enum) == 0 && len(n.Enum) == 0:
	case len(o.Enum) == 0:
		s.emit(at, "enum", "enum-added", Breaking, ratchetingNote, "values are now limited to %s", strings.Join(nv, ", "))
	case len(n.Enum) == 0:
		s.emit(at, "enum", "enum-removed", Safe, "", "values are no longer limited to an enum")
	default:
		for _, v := range ov {
			if !slices.Contains(nv, v) {
				s.emit(at, "enum", "enum-value-removed", Breaking, ratchetingNote, "enum value %s removed: objects holding it are rejected", v)
			}
		}
		for _, v := range nv {
			if !slices.Contains(ov, v) {
				s.emit(at, "enum", "enum-value-added", Safe, "", "enum value %s added (clients that switch over the values may not know it)", v)
			}
		}
	}
}

func enumValues(p *apiextv1.JSONSchemaProps) []string {
	var out []string
	for _, e := range p.Enum {
		out = append(out, string(e.Raw))
	}
	return out
}

// bound is one numeric limit of a schema node.
type bound struct {
	keyword string
	old     *float64
	new     *float64
	// upper is set for maximum-like limits (a lower value is tighter).
	upper bool
}

func (s *schemaComparer) compareBounds(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	i64 := func(p *int64) *float64 {
		if p == nil {
			return nil
		}
		f := float64(*p)
		return &f
	}
	for _, b := range []bound{
		{"minimum", o.Minimum, n.Minimum, false},
		{"maximum", o.Maximum, n.Maximum, true},
		{"minLength", i64(o.MinLength), i64(n.MinLength), false},
		{"maxLength", i64(o.MaxLength), i64(n.MaxLength), true},
		{"minItems", i64(o.MinItems), i64(n.MinItems), false},
		{"maxItems", i64(o.MaxItems), i64(n.MaxItems), true},
		{"minProperties", i64(o.MinProperties), i64(n.MinProperties), false},
		{"maxProperties", i64(o.MaxProperties), i64(n.MaxProperties), true},
	} {
		s.compareBound(b, at)
	}
	if !o.ExclusiveMinimum && n.ExclusiveMinimum {
		s.emit(at, "exclusiveMinimum", "bound-tightened", Breaking, ratchetingNote, "the minimum became exclusive")
	}
	if !o.ExclusiveMaximum && n.ExclusiveMaximum {
		s.emit(at, "exclusiveMaximum", "bound-tightened", Breaking, ratchetingNote, "the maximum became exclusive")
	}
	if ptrFloat(o.MultipleOf) != ptrFloat(n.MultipleOf) && n.MultipleOf != nil {
		s.emit(at, "multipleOf", "bound-tightened", Breaking, ratchetingNote, "multipleOf changed to %g", *n.MultipleOf)
	}
	switch {
	case o.Pattern == n.Pattern:
	case n.Pattern == "":
		s.emit(at, "pattern", "pattern-removed", Safe, "", "pattern removed")
	case o.Pattern == "":
		s.emit(at, "pattern", "pattern-added", Breaking, ratchetingNote, "values must now match %q", n.Pattern)
	default:
		s.emit(at, "pattern", "pattern-changed", Breaking, ratchetingNote, "pattern changed from %q to %q", o.Pattern, n.Pattern)
	}
}

func ptrFloat(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func (s *schemaComparer) compareBound(b bound, at schemapath.Path) {
	switch {
	case b.old == nil && b.new == nil:
	case b.old == nil:
		s.emit(at, b.keyword, "bound-tightened", Breaking, ratchetingNote, "%s %g added", b.keyword, *b.new)
	case b.new == nil:
		s.emit(at, b.keyword, "bound-relaxed", Safe, "", "%s %g removed", b.keyword, *b.old)
	case *b.old == *b.new:
	case (*b.new < *b.old) == b.upper:
		s.emit(at, b.keyword, "bound-tightened", Breaking, ratchetingNote, "%s went from %g to %g", b.keyword, *b.old, *b.new)
	default:
		s.emit(at, b.keyword, "bound-relaxed", Safe, "", "%s went from %g to %g", b.keyword, *b.old, *b.new)
	}
}

func (s *schemaComparer) compareDefault(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	od, nd := rawJSON(o.Default), rawJSON(n.Default)
	switch {
	case od == nd:
	case od == "":
		s.emit(at, "default", "default-added", Breaking, "", "default %s added: objects that leave it unset read it from now on", nd)
	case nd == "":
		s.emit(at, "default", "default-removed", Breaking, "", "default %s removed: objects that leave it unset no longer get it", od)
	default:
		s.emit(at, "default", "default-changed", Breaking, "", "default changed from %s to %s: objects that leave it unset read the new value", od, nd)
	}
}

func rawJSON(j *apiextv1.JSON) string {
	if j == nil {
		return ""
	}
	var v any
	if json.Unmarshal(j.Raw, &v) != nil {
		return string(j.Raw)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

func (s *schemaComparer) compareFlags(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	switch {
	case o.Nullable && !n.Nullable:
		s.emit(at, "nullable", "nullable-removed", Breaking, "", "null is no longer accepted: it is dropped or defaulted")
	case !o.Nullable && n.Nullable:
		s.emit(at, "nullable", "nullable-added", Safe, "", "null is now accepted")
	}
	switch {
	case preserves(o) && !preserves(n):
		s.emit(at, "x-kubernetes-preserve-unknown-fields", "pruning-enabled", Breaking, "", "unknown fields are now pruned here: clients that wrote them lose them")
	case !preserves(o) && preserves(n):
		s.emit(at, "x-kubernetes-preserve-unknown-fields", "pruning-disabled", Security, "", unprunedMessage)
	}
	if o.XEmbeddedResource != n.XEmbeddedResource {
		s.emit(at, "x-kubernetes-embedded-resource", "embedded-resource-changed", Breaking, "", "x-kubernetes-embedded-resource changed to %t", n.XEmbeddedResource)
	}
}

// compareTopology compares what server-side apply makes of lists and maps.
func (s *schemaComparer) compareTopology(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	// No listType means atomic, and no mapType granular, to the server.
	if ol, nl := orDefault(ptrString(o.XListType), "atomic"), orDefault(ptrString(n.XListType), "atomic"); o.Type == "array" && ol != nl {
		s.emit(at, "x-kubernetes-list-type", "list-type-changed", Breaking, "", "listType changed from %s to %s: server-side apply merges the list differently, and a set or map rejects duplicates", ol, nl)
	}
	if !slices.Equal(o.XListMapKeys, n.XListMapKeys) {
		s.emit(at, "x-kubernetes-list-map-keys", "list-map-keys-changed", Breaking, "", "listMapKey changed from [%s] to [%s]: items are matched by other keys",
			strings.Join(o.XListMapKeys, ", "), strings.Join(n.XListMapKeys, ", "))
	}
	if om, nm := orDefault(ptrString(o.XMapType), "granular"), orDefault(ptrString(n.XMapType), "granular"); om != nm {
		s.emit(at, "x-kubernetes-map-type", "map-type-changed", Breaking, "", "mapType changed from %s to %s: server-side apply merges it differently", om, nm)
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// compareRules compares CEL rules by their text: a rule whose text is new is
// added (or changed, when it takes the place of a removed one).
func (s *schemaComparer) compareRules(o, n *apiextv1.JSONSchemaProps, at schemapath.Path) {
	oldRules := map[string]apiextv1.ValidationRule{}
	for _, r := range o.XValidations {
		oldRules[r.Rule] = r
	}
	newRules := map[string]bool{}
	for _, r := range n.XValidations {
		newRules[r.Rule] = true
	}
	var removed []string
	for _, r := range o.XValidations {
		if !newRules[r.Rule] {
			removed = append(removed, r.Rule)
		}
	}
	for i, r := range n.XValidations {
		kw := fmt.Sprintf("x-kubernetes-validations[%d]", i)
		old, existed := oldRules[r.Rule]
		switch {
		case existed:
			if old.Message != r.Message || old.MessageExpression != r.MessageExpression || ptrString((*string)(old.Reason)) != ptrString((*string)(r.Reason)) || old.FieldPath != r.FieldPath {
				s.emit(at, kw, "rule-message-changed", Safe, "", "the message of rule %q changed", r.Rule)
			}
			continue
		case len(removed) > 0:
			s.emit(at, kw, "rule-changed", Breaking, ruleNote(r.Rule), "rule %q replaced by %q: objects valid before may be rejected", removed[0], r.Rule)
			removed = removed[1:]
		default:
			s.emit(at, kw, "rule-added", Breaking, ruleNote(r.Rule), "new rule %q: objects valid before may be rejected", r.Rule)
		}
	}
	for _, r := range removed {
		s.emit(at, "x-kubernetes-validations", "rule-removed", Safe, "", "rule %q removed", r)
	}
}

// ruleNote says whether ratcheting lets existing objects through a rule:
// the server ratchets rules that do not use oldSelf.
func ruleNote(rule string) string {
	if strings.Contains(rule, "oldSelf") {
		return "a transition rule (it uses oldSelf) is not ratcheted: it runs on every update that reaches it"
	}
	return ratchetingNote
}

// unprunedMessage says what a subtree that keeps unknown fields means.
const unprunedMessage = "unknown fields are now kept here: the API server stores whatever a client sends in this subtree, unvalidated (a field nobody declared, such as privileged: true, is kept)"

// unpruned reports each outermost subtree of p (at) that keeps unknown
// fields (x-kubernetes-preserve-unknown-fields: a RawExtension, a
// Schemaless or PreserveUnknownFields field, apiextensionsv1.JSON).
func (s *schemaComparer) unpruned(p *apiextv1.JSONSchemaProps, at schemapath.Path, check Check, sev Severity) {
	schemapath.Walk(p, func(p *apiextv1.JSONSchemaProps, below schemapath.Path) bool {
		if !preserves(p) {
			return true
		}
		msg := unprunedMessage
		if sev == Finding {
			msg = "x-kubernetes-preserve-unknown-fields: the API server stores whatever a client sends in this subtree, unvalidated"
		}
		s.emit(append(slices.Clip(at), below...), "x-kubernetes-preserve-unknown-fields", check, sev, "", "%s", msg)
		return false
	})
}
