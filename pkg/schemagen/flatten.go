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
	"reflect"
	"slices"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/schemapath"
)

// flattener merges allOf entries; conflict reports a type conflict at a
// schema path.
type flattener struct {
	conflict func(path schemapath.Path, msg string)
	keywords []keyword
}

func newFlattener(conflict func(path schemapath.Path, msg string)) *flattener {
	return &flattener{conflict: conflict, keywords: keywords()}
}

// keywords is the keyword table, built once.
var keywords = sync.OnceValue(keywordTable)

// flatten merges every allOf in s into its node, then flattens its children
// (the walker reads a node's children after its visit has merged them in).
func (f *flattener) flatten(s *apiextv1.JSONSchemaProps) {
	schemapath.Edit(s, func(s *apiextv1.JSONSchemaProps, path schemapath.Path) bool {
		entries := s.AllOf
		s.AllOf = nil
		for i := range entries {
			f.mergeInto(s, &entries[i], path)
		}
		return true
	})
}

// mergeInto merges src (and, first, src's own allOf entries) into dst,
// keyword by keyword (keywords.go). Values that conflict and cannot be
// combined move into dst.allOf. dst may take over src's parts: src must not
// be used afterwards (the entries of an allOf are each merged once, then
// dropped).
func (f *flattener) mergeInto(dst, src *apiextv1.JSONSchemaProps, path schemapath.Path) {
	for i := range src.AllOf {
		f.mergeInto(dst, &src.AllOf[i], path)
	}
	m := &merging{f: f, dst: dst, src: src, path: path}
	for _, k := range f.keywords {
		if k.merge != nil {
			k.merge(m)
		}
	}
	if m.rest != nil {
		dst.AllOf = append(dst.AllOf, m.rest[0], m.rest[1])
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
		f.mergeInto(dst.Items.Schema, src.Schema, path.Child("items"))
	}
}

func (f *flattener) mergeProperties(dst *apiextv1.JSONSchemaProps, src map[string]apiextv1.JSONSchemaProps, path schemapath.Path) {
	if len(src) == 0 {
		return
	}
	if dst.Properties == nil {
		// src is not used again (see mergeInto): its map is taken over.
		dst.Properties = src
		return
	}
	for k, sp := range src {
		d, ok := dst.Properties[k]
		if !ok {
			dst.Properties[k] = sp
			continue
		}
		f.mergeInto(&d, &sp, path.Property(k))
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
		f.mergeInto(dst.AdditionalProperties.Schema, src.Schema, path.Child("additionalProperties"))
	}
}
