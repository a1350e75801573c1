package schemagen

// This file implements what each schema marker means: one table keyed by
// the marker's value type, with the priority controller-gen applies it at.

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
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

// rule is the meaning of one marker value type.
type rule struct {
	// priority orders markers on one node (lower first; ties keep source
	// order). Type, XIntOrString, listType and +default go first, so that
	// markers checking the type see it, and +kubebuilder:default after
	// +default, so that it wins.
	priority int
	apply    func(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error
}

const (
	prioFirst   = 9
	prioDefault = 10
)

// schemaRules returns the table of marker meanings.
func schemaRules() map[reflect.Type]rule {
	r := map[reflect.Type]rule{}
	add := func(v any, priority int, apply func(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error) {
		r[reflect.TypeOf(v)] = rule{priority: priority, apply: apply}
	}
	add(markers.Maximum{}, prioDefault, applyMaximum)
	add(markers.Minimum{}, prioDefault, applyMinimum)
	add(markers.ExclusiveMaximum{}, prioDefault, applyExclusiveMaximum)
	add(markers.ExclusiveMinimum{}, prioDefault, applyExclusiveMinimum)
	add(markers.MultipleOf{}, prioDefault, applyMultipleOf)
	add(markers.MaxLength{}, prioDefault, applyMaxLength)
	add(markers.MinLength{}, prioDefault, applyMinLength)
	add(markers.Pattern{}, prioDefault, applyPattern)
	add(markers.MaxItems{}, prioDefault, applyMaxItems)
	add(markers.MinItems{}, prioDefault, applyMinItems)
	add(markers.UniqueItems{}, prioDefault, applyUniqueItems)
	add(markers.MaxProperties{}, prioDefault, applyMaxProperties)
	add(markers.MinProperties{}, prioDefault, applyMinProperties)
	add(markers.Enum{}, prioDefault, applyEnum)
	add(markers.Format{}, prioDefault, applyFormat)
	add(markers.Type{}, prioFirst, applyType)
	add(markers.XPreserveUnknownFields{}, prioDefault, applyPreserveUnknownFields)
	add(markers.XEmbeddedResource{}, prioDefault, applyEmbeddedResource)
	add(markers.XIntOrString{}, prioFirst, applyIntOrString)
	add(markers.XValidation{}, prioDefault, applyXValidation)
	add(markers.Nullable{}, prioDefault, applyNullable)
	add(markers.Default{}, prioDefault, applyDefault)
	add(markers.K8sDefault{}, prioFirst, applyK8sDefault)
	add(markers.Example{}, prioDefault, applyExample)
	add(markers.Title{}, prioDefault, applyTitle)
	add(markers.ExternalDocs{}, prioDefault, applyExternalDocs)
	add(markers.Immutable{}, prioDefault, applyImmutable)
	add(markers.K8sRequired{}, prioDefault, applyK8sRequired)
	add(markers.K8sEnum{}, prioDefault, applyK8sEnum)
	add(markers.ListType{}, prioFirst, applyListType)
	add(markers.ListMapKey{}, prioDefault, applyListMapKey)
	add(markers.MapType{}, prioDefault, applyMapType)
	add(markers.StructType{}, prioDefault, applyStructType)
	add(markers.AtMostOneOf{}, prioDefault+1, applyAtMostOneOf)
	add(markers.ExactlyOneOf{}, prioDefault+2, applyExactlyOneOf)
	add(markers.AtLeastOneOf{}, prioDefault+3, applyAtLeastOneOf)
	return r
}

// noSchemaEffect lists the marker value types that do not change a schema
// node: presence markers read by structSchema, CRD-level and package-level
// markers, and other generators' markers.
func noSchemaEffect() []any {
	return []any{
		markers.KubebuilderRequired{}, markers.KubebuilderOptional{}, markers.Required{}, markers.Optional{},
		markers.Schemaless{},
		markers.Resource{}, markers.SubresourceStatus{}, markers.SubresourceScale{}, markers.PrintColumn{},
		markers.StorageVersion{}, markers.SkipVersion{}, markers.UnservedVersion{}, markers.DeprecatedVersion{},
		markers.SelectableField{}, markers.Metadata{}, markers.ObjectRoot{},
		markers.GroupName{}, markers.VersionName{}, markers.Skip{},
		markers.ConversionFrom{}, markers.ConversionDrop{}, markers.ConversionStyle{}, markers.ConversionWebhook{},
		markers.ConversionTests{}, markers.ConversionFuzzer{}, markers.ConversionSkip{}, markers.ConversionGenerate{}, markers.K8sConversionGen{},
		markers.Raw{},
	}
}

// applyMarkers applies a node's markers in priority order, then its items:
// markers to the node's items.
func (g *gen) applyMarkers(ms []markers.Marker, s *apiextv1.JSONSchemaProps, subject string, owner *model.Type) {
	type entry struct {
		m     markers.Marker
		v     any
		rule  rule
		items bool
	}
	var plain, items []entry
	for _, m := range ms {
		v, isItems := m.Value, false
		if it, ok := v.(markers.Items); ok {
			v, isItems = it.Value, true
		}
		r, ok := g.rules[reflect.TypeOf(v)]
		if !ok {
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

func (g *gen) applyOne(c *applyCtx, s *apiextv1.JSONSchemaProps, v any, r rule) {
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
