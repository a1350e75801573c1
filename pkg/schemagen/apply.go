package schemagen

// This file implements applying a node's schema markers, in the order of
// their priorities (meanings.go), and reporting what they reject.

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

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
		// each is +k8s:eachVal's: the values of a list or a map.
		each bool
		// noModify is +k8s:eachVal=+k8s:update=NoModify: a transition rule
		// on each value (applyEachNoModify), which has no meaning row.
		noModify bool
	}
	var plain, items []entry
	for _, m := range ms {
		v, isItems, each := m.Value, false, false
		if it, ok := v.(markers.Items); ok {
			v, isItems = it.Value, true
		}
		if ev, ok := v.(markers.K8sEachVal); ok {
			if !g.k8sTagApplies(ev.Inner(), owner) {
				continue
			}
			v, isItems, each = ev.Inner().Value, true, true
			if u, ok := v.(markers.K8sUpdate); ok && u.Value == "NoModify" {
				items = append(items, entry{m: m, v: v, rule: meaning{priority: prioDefault}, items: true, each: true, noModify: true})
				continue
			}
			if r, _ := meaningOf(v); r.acts != onSchema {
				g.diags.Errorf(m.Pos, markers.CodeMarkerTarget, "+%s=+%s: crdgen does not apply +%s to each value", m.Name, ev.Inner().Name, ev.Inner().Name)
				continue
			}
		}
		r, ok := meaningOf(v)
		if !ok || r.acts != onSchema || !g.k8sTagApplies(m, owner) {
			continue
		}
		e := entry{m: m, v: v, rule: r, items: isItems, each: each}
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
		if e.noModify {
			g.applyEachNoModify(e.m, s, subject)
			continue
		}
		if e.each && s.Type == "object" && s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			g.applyOne(&applyCtx{g: g, m: e.m, subject: "the values of " + subject, owner: owner}, s.AdditionalProperties.Schema, e.v, e.rule)
			continue
		}
		if e.each && (s.Type != "array" || s.Items == nil || s.Items.Schema == nil) {
			g.diags.Errorf(e.m.Pos, markers.CodeSchema, "+%s applies to the values of a list or a map, but %s is %s", e.m.Name, subject, describeType(s))
			continue
		}
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
	d := markers.Diagnostic{Pos: c.m.Pos, Code: code, Msg: fmt.Sprintf("+%s: %v", c.m.Name, err)}
	var rep replaceWith
	if errors.As(err, &rep) {
		d.Fix = markerFix(c.m, rep.marker)
	}
	g.diags.Add(d)
}

// isScalar reports whether a schema is of a scalar type (string, integer,
// number, boolean): what a +listType=set list may hold.
func isScalar(s *apiextv1.JSONSchemaProps) bool {
	switch s.Type {
	case "string", "integer", "number", "boolean":
		return true
	}
	return false
}

// replaceWith is an apply error whose marker is meant as another: the
// diagnostic offers the swap as its fix.
type replaceWith struct {
	err    error
	marker string // the marker meant, without its '+'
}

func (r replaceWith) Error() string { return r.err.Error() }
func (r replaceWith) Unwrap() error { return r.err }

// markerFix is the edit that replaces a marker, as written after its '+',
// with another (nil when the marker's text is not known).
func markerFix(m markers.Marker, with string) *markers.Fix {
	if len(m.Text) < 2 || m.Text[0] != '+' || strings.ContainsRune(m.Text, '\n') {
		return nil
	}
	start := m.Pos
	start.Column++
	start.Offset++
	end := start
	end.Column += len(m.Text) - 1
	end.Offset += len(m.Text) - 1
	return &markers.Fix{Msg: "replace with +" + with, Pos: start, End: end, New: with}
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
