package schemagen

// This file implements flattening: merging every allOf of a raw schema into
// its node, top down, so that the result is a structural schema.
//
// The merge follows controller-gen's, so that output stays comparable, with
// these deliberate differences (each avoids a schema that is wrong or that
// the API server rejects, and each has a golden case):
//
//   - numeric bounds that differ keep the tightest on the node, instead of
//     leaving both in allOf and the node unbounded (which hides the bound
//     from the CEL cost estimator);
//   - enums that differ keep their intersection, instead of silently
//     dropping the field's enum;
//   - a field's default replaces its type's default, instead of moving both
//     into allOf, which the API server rejects;
//   - list items merge like map values, so that items: markers work on
//     fields of named list types.

import (
	"fmt"
	"reflect"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// flattener merges allOf entries; conflict reports a type conflict at a
// schema path.
type flattener struct {
	conflict func(path schemapath.Path, msg string)
}

// flatten merges every allOf in s into its node, then flattens its children
// (the walker reads a node's children after its visit has merged them in).
func (f *flattener) flatten(s *apiextv1.JSONSchemaProps) {
	schemapath.Edit(s, func(s *apiextv1.JSONSchemaProps, path schemapath.Path) bool {
		entries := s.AllOf
		s.AllOf = nil
		for _, e := range entries {
			f.mergeInto(s, e, path)
		}
		return true
	})
}

// mergeInto merges src (and, first, src's own allOf entries) into dst.
// Values that conflict and cannot be combined move into dst.allOf. dst may
// take over src's parts: src must not be used afterwards (the entries of an
// allOf are each merged once, then dropped).
func (f *flattener) mergeInto(dst *apiextv1.JSONSchemaProps, src apiextv1.JSONSchemaProps, path schemapath.Path) {
	for _, e := range src.AllOf {
		f.mergeInto(dst, e, path)
	}
	var dstRest, srcRest apiextv1.JSONSchemaProps
	hoisted := false
	hoist := func(set func(d, s *apiextv1.JSONSchemaProps)) {
		set(&dstRest, dst)
		set(&srcRest, &src)
		hoisted = true
	}

	mergeString(&dst.ID, src.ID, func() { hoist(func(r, x *apiextv1.JSONSchemaProps) { r.ID = x.ID }) })
	if src.Type != "" {
		switch {
		case dst.Type == "":
			dst.Type = src.Type
		case dst.Type != src.Type:
			f.conflict(path, fmt.Sprintf("the type is %s, but a marker or embedded field makes it %s", dst.Type, src.Type))
		}
	}
	mergeString(&dst.Format, src.Format, func() { hoist(func(r, x *apiextv1.JSONSchemaProps) { r.Format = x.Format }) })
	mergeString(&dst.Pattern, src.Pattern, func() { hoist(func(r, x *apiextv1.JSONSchemaProps) { r.Pattern = x.Pattern }) })
	if src.Default != nil {
		dst.Default = src.Default
	}
	mergeUpper(&dst.Maximum, &dst.ExclusiveMaximum, src.Maximum, src.ExclusiveMaximum)
	mergeLower(&dst.Minimum, &dst.ExclusiveMinimum, src.Minimum, src.ExclusiveMinimum)
	dst.MaxLength = tighter(dst.MaxLength, src.MaxLength, lower)
	dst.MinLength = tighter(dst.MinLength, src.MinLength, higher)
	dst.MaxItems = tighter(dst.MaxItems, src.MaxItems, lower)
	dst.MinItems = tighter(dst.MinItems, src.MinItems, higher)
	dst.MaxProperties = tighter(dst.MaxProperties, src.MaxProperties, lower)
	dst.MinProperties = tighter(dst.MinProperties, src.MinProperties, higher)
	if src.MultipleOf != nil {
		switch {
		case dst.MultipleOf == nil:
			dst.MultipleOf = src.MultipleOf
		case *dst.MultipleOf != *src.MultipleOf:
			hoist(func(r, x *apiextv1.JSONSchemaProps) { r.MultipleOf = x.MultipleOf })
			dst.MultipleOf = nil
		}
	}
	dst.UniqueItems = dst.UniqueItems || src.UniqueItems
	dst.Nullable = dst.Nullable || src.Nullable
	dst.XEmbeddedResource = dst.XEmbeddedResource || src.XEmbeddedResource
	dst.XIntOrString = dst.XIntOrString || src.XIntOrString
	f.mergeEnum(dst, src.Enum, path)
	dst.Required = append(dst.Required, src.Required...)
	f.mergeItems(dst, src.Items, path)
	mergeSchemas(&dst.OneOf, src.OneOf, func() { hoist(func(r, x *apiextv1.JSONSchemaProps) { r.OneOf = x.OneOf }) })
	mergeSchemas(&dst.AnyOf, src.AnyOf, func() { hoist(func(r, x *apiextv1.JSONSchemaProps) { r.AnyOf = x.AnyOf }) })
	if src.Not != nil {
		switch {
		case dst.Not == nil:
			dst.Not = src.Not
		case !reflect.DeepEqual(dst.Not, src.Not):
			hoist(func(r, x *apiextv1.JSONSchemaProps) { r.Not = x.Not })
			dst.Not = nil
		}
	}
	f.mergeProperties(dst, src.Properties, path)
	f.mergeAdditional(dst, src.AdditionalProperties, path)
	if src.XPreserveUnknownFields != nil {
		dst.XPreserveUnknownFields = src.XPreserveUnknownFields
	}
	if src.XMapType != nil {
		dst.XMapType = src.XMapType
	}
	if src.XListType != nil {
		dst.XListType = src.XListType
	}
	if src.XListMapKeys != nil {
		dst.XListMapKeys = src.XListMapKeys
	}
	if len(src.XValidations) > 0 {
		// The reference site's rules come first, as controller-gen orders them.
		dst.XValidations = append(slices.Clone(src.XValidations), dst.XValidations...)
	}
	if hoisted {
		dst.AllOf = append(dst.AllOf, dstRest, srcRest)
	}
	if len(dst.Required) > 0 {
		slices.Sort(dst.Required)
		dst.Required = slices.Compact(dst.Required)
	}
}

// mergeString merges a string keyword; onConflict hoists differing values
// (and must clear dst's).
func mergeString(dst *string, src string, onConflict func()) {
	switch {
	case src == "" || *dst == src:
	case *dst == "":
		*dst = src
	default:
		onConflict()
		*dst = ""
	}
}

func mergeSchemas(dst *[]apiextv1.JSONSchemaProps, src []apiextv1.JSONSchemaProps, onConflict func()) {
	switch {
	case len(src) == 0 || reflect.DeepEqual(*dst, src):
	case len(*dst) == 0:
		*dst = src
	default:
		onConflict()
		*dst = nil
	}
}

func lower(x, y int64) int64  { return min(x, y) }
func higher(x, y int64) int64 { return max(x, y) }

// tighter returns the bound pick(a, b) chooses when both are set.
func tighter(a, b *int64, pick func(x, y int64) int64) *int64 {
	switch {
	case b == nil:
		return a
	case a == nil:
		return b
	}
	v := pick(*a, *b)
	return &v
}

// mergeUpper keeps the lower of two maximums; at equal values, exclusive wins.
func mergeUpper(dst **float64, dstExcl *bool, src *float64, srcExcl bool) {
	mergeBound(dst, dstExcl, src, srcExcl, func(a, b float64) bool { return a < b })
}

// mergeLower keeps the higher of two minimums; at equal values, exclusive wins.
func mergeLower(dst **float64, dstExcl *bool, src *float64, srcExcl bool) {
	mergeBound(dst, dstExcl, src, srcExcl, func(a, b float64) bool { return a > b })
}

// mergeBound merges one bound and its exclusive flag as a pair, so that the
// flag of the looser bound never attaches to the tighter one.
func mergeBound(dst **float64, dstExcl *bool, src *float64, srcExcl bool, stricter func(a, b float64) bool) {
	switch {
	case src == nil:
		// An exclusive flag alone (no bound) still carries over.
		*dstExcl = *dstExcl || srcExcl
	case *dst == nil:
		*dst, *dstExcl = src, *dstExcl || srcExcl
	case stricter(*src, **dst):
		*dst, *dstExcl = src, srcExcl
	case *src == **dst:
		*dstExcl = *dstExcl || srcExcl
	}
}

// mergeEnum keeps the values both enums allow.
func (f *flattener) mergeEnum(dst *apiextv1.JSONSchemaProps, src []apiextv1.JSON, path schemapath.Path) {
	switch {
	case len(src) == 0:
		return
	case len(dst.Enum) == 0:
		dst.Enum = slices.Clone(src)
		return
	}
	var both []apiextv1.JSON
	for _, d := range dst.Enum {
		if slices.ContainsFunc(src, func(s apiextv1.JSON) bool { return string(s.Raw) == string(d.Raw) }) {
			both = append(both, d)
		}
	}
	if len(both) == 0 {
		f.conflict(path, "the enum of the field and the enum of its type have no value in common")
		return
	}
	dst.Enum = both
}

func (f *flattener) mergeItems(dst *apiextv1.JSONSchemaProps, src *apiextv1.JSONSchemaPropsOrArray, path schemapath.Path) {
	switch {
	case src == nil || src.Schema == nil:
		return
	case dst.Items == nil || dst.Items.Schema == nil:
		// src is not used again (see mergeInto), so it need not be copied.
		dst.Items = src
	default:
		f.mergeInto(dst.Items.Schema, *src.Schema, path.Child("items"))
	}
}

func (f *flattener) mergeProperties(dst *apiextv1.JSONSchemaProps, src map[string]apiextv1.JSONSchemaProps, path schemapath.Path) {
	if len(src) == 0 {
		return
	}
	if dst.Properties == nil {
		dst.Properties = map[string]apiextv1.JSONSchemaProps{}
	}
	for k, sp := range src {
		d, ok := dst.Properties[k]
		if !ok {
			dst.Properties[k] = sp
			continue
		}
		f.mergeInto(&d, sp, path.Property(k))
		dst.Properties[k] = d
	}
}

func (f *flattener) mergeAdditional(dst *apiextv1.JSONSchemaProps, src *apiextv1.JSONSchemaPropsOrBool, path schemapath.Path) {
	switch {
	case src == nil:
		return
	case dst.AdditionalProperties == nil:
		dst.AdditionalProperties = src
	case src.Schema == nil:
		return
	case dst.AdditionalProperties.Schema == nil:
		dst.AdditionalProperties.Schema = src.Schema
	default:
		f.mergeInto(dst.AdditionalProperties.Schema, *src.Schema, path.Child("additionalProperties"))
	}
}
