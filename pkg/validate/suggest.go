package validate

// This file implements the did-you-mean of an unknown field: the fields
// the schema has where it is.

import (
	"maps"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

// suggestField is ", did you mean X?" for an unknown field of a version
// of a CRD (spec.ports[0].nubmer), or "".
func suggestField(crd *apiextv1.CustomResourceDefinition, version, path string) string {
	var node *apiextv1.JSONSchemaProps
	for _, v := range crd.Spec.Versions {
		if v.Name == version && v.Schema != nil {
			node = v.Schema.OpenAPIV3Schema
		}
	}
	i := strings.LastIndex(path, ".")
	if node == nil || i < 0 {
		return ""
	}
	parent, leaf := path[:i], path[i+1:]
	for _, seg := range strings.Split(parent, ".") {
		name, subs, _ := strings.Cut(seg, "[")
		p, ok := node.Properties[name]
		if !ok {
			return ""
		}
		node = &p
		for range strings.Count(subs, "]") {
			switch {
			case node.Items != nil && node.Items.Schema != nil:
				node = node.Items.Schema
			case node.AdditionalProperties != nil && node.AdditionalProperties.Schema != nil:
				node = node.AdditionalProperties.Schema
			default:
				return ""
			}
		}
	}
	if s := markers.Suggest(leaf, slices.Sorted(maps.Keys(node.Properties))); s != "" {
		return ", did you mean " + s + "?"
	}
	return ""
}
