package schemagen

// This file implements the topology markers: how server-side apply merges a list, a
// map or a struct.

import (
	"fmt"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

func applyListType(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	lt := v.(markers.ListType).Value
	vals := []string{"atomic", "map", "set"}
	if !slices.Contains(vals, lt) {
		return valueErrorf("listType=%s is not valid (want atomic, map or set)%s", lt, didYouMean(lt, vals))
	}
	if err := needArray(c, s); err != nil {
		return err
	}
	s.XListType = &lt
	return nil
}

func applyListMapKey(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	key := v.(markers.ListMapKey).Value
	if err := needArray(c, s); err != nil {
		return err
	}
	if s.XListType == nil || *s.XListType != "map" {
		return fmt.Errorf("needs +listType=map on %s", c.subject)
	}
	if !slices.Contains(s.XListMapKeys, key) {
		s.XListMapKeys = append(s.XListMapKeys, key)
	}
	return nil
}

func applyMapType(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	mt := v.(markers.MapType).Value
	vals := []string{"atomic", "granular"}
	if !slices.Contains(vals, mt) {
		return valueErrorf("mapType=%s is not valid (want atomic or granular)%s", mt, didYouMean(mt, vals))
	}
	if err := needObject(c, s); err != nil {
		return err
	}
	s.XMapType = &mt
	return nil
}

func applyStructType(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	st := v.(markers.StructType).Value
	vals := []string{"atomic", "granular"}
	if !slices.Contains(vals, st) {
		return valueErrorf("structType=%s is not valid (want atomic or granular)%s", st, didYouMean(st, vals))
	}
	if s.Type != "object" && s.Type != "" {
		return fmt.Errorf("applies to structs, but %s is %s", c.subject, describeType(s))
	}
	s.XMapType = &st
	return nil
}
