package schemagen

// This file implements applying a node's schema markers, in the order of
// their priorities (meanings.go), and reporting what they reject.

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// applyCtx is what a marker sees when it applies itself to a schema.
type applyCtx struct {
	g *gen
	m markers.Marker
	// subject names the node in messages: `field "image" of CronTabSpec`.
	subject string
	// owner is the named type the marker sits on or in.
	owner *model.Type
}

// applyMarkers applies a node's markers in priority order, then its items:
// markers to the node's items.
func (g *gen) applyMarkers(ms []markers.Marker, s *apiextv1.JSONSchemaProps, subject string, owner *model.Type) {
	type entry struct {
		m     markers.Marker
		v     any
		rule  meaning
		items bool
	}
	var plain, items []entry
	for _, m := range ms {
		v, isItems := m.Value, false
		if it, ok := v.(markers.Items); ok {
			v, isItems = it.Value, true
		}
		r, ok := meaningOf(v)
		if !ok || r.acts != onSchema {
			continue
		}
		e := entry{m: m, v: v, rule: r, items: isItems}
		if isItems {
			items = append(items, e)
		} else {
			plain = append(plain, e)
		}
	}
	byPriority := func(a, b entry) int { return cmp.Compare(a.rule.priority, b.rule.priority) }
	slices.SortStableFunc(plain, byPriority)
	slices.SortStableFunc(items, byPriority)
	for _, e := range plain {
		g.applyOne(&applyCtx{g: g, m: e.m, subject: subject, owner: owner}, s, e.v, e.rule)
	}
	for _, e := range items {
		if s.Type != "array" || s.Items == nil || s.Items.Schema == nil {
			g.diags.Errorf(e.m.Pos, markers.CodeSchema, "+%s applies to list items, but %s is %s", e.m.Name, subject, describeType(s))
			continue
		}
		g.applyOne(&applyCtx{g: g, m: e.m, subject: "the items of " + subject, owner: owner}, s.Items.Schema, e.v, e.rule)
	}
}

func (g *gen) applyOne(c *applyCtx, s *apiextv1.JSONSchemaProps, v any, r meaning) {
	err := r.apply(c, s, v)
	if err == nil {
		return
	}
	var w warning
	if errors.As(err, &w) {
		if c.owner != nil && c.owner.Package != nil && !c.owner.Package.Local {
			return // a dependency's markers are taken as they are
		}
		g.diags.Warnf(c.m.Pos, markers.CodeSchema, "+%s: %s", c.m.Name, w.msg)
		return
	}
	code := markers.CodeSchema
	var vErr valueError
	if errors.As(err, &vErr) {
		code = markers.CodeMarkerValue
	}
	g.diags.Errorf(c.m.Pos, code, "+%s: %v", c.m.Name, err)
}

// warning is an apply result that is reported but does not fail the run.
type warning struct{ msg string }

func (w warning) Error() string { return w.msg }

// valueError is a marker value that is wrong in itself (not for its node).
type valueError struct{ msg string }

func (e valueError) Error() string { return e.msg }

func valueErrorf(format string, args ...any) error { return valueError{fmt.Sprintf(format, args...)} }

// describeType names a schema's type for messages: "a string", "a list"...
func describeType(s *apiextv1.JSONSchemaProps) string {
	switch {
	case s.XIntOrString:
		return "an int-or-string"
	case s.Type == "string":
		return "a string"
	case s.Type == "integer":
		return "an integer"
	case s.Type == "number":
		return "a number"
	case s.Type == "boolean":
		return "a boolean"
	case s.Type == "object":
		return "an object"
	case s.Type == "array":
		return "a list"
	case s.Type == "":
		return "untyped"
	}
	return fmt.Sprintf("of type %q", s.Type)
}

func didYouMean(got string, vals []string) string {
	if s := markers.Suggest(got, vals); s != "" {
		return fmt.Sprintf(", did you mean %q", s)
	}
	return ""
}
