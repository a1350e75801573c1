package jsonschema

// This file implements the special cases of a resource, the root and an
// embedded one (x-kubernetes-embedded-resource): apiVersion, kind and
// metadata, which the API server checks itself whatever the CRD's schema
// says of them (an ObjectMeta, the checks of
// apiextensions-apiserver/pkg/apiserver/schema/objectmeta and
// apimachinery's ValidateObjectMeta).

import (
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// resourceFields are the fields the server checks on every resource.
func isResourceField(name string) bool {
	return name == "apiVersion" || name == "kind" || name == "metadata"
}

// Patterns of names, as apimachinery's validation checks them.
const (
	// qualifiedName is a label key (IsQualifiedName): an optional DNS
	// subdomain prefix and a name of at most 63 characters.
	qualifiedNamePart = `[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?`
	qualifiedName     = `^(` + dnsSubdomain + `/)?` + qualifiedNamePart + `$`
	// annotationKey is a qualified name in any case (ValidateAnnotations
	// lowers it first).
	annotationKey = `^([A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?(\.[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?)*/)?` + qualifiedNamePart + `$`
	labelValue    = `^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`
	// generateNamePattern is a prefix the server completes into a DNS
	// subdomain (it appends five characters).
	generateNamePattern = `^(` + dnsLabel + `\.)*[a-z0-9][-a-z0-9]*$`
	// rfc3339 is a metav1.Time as it decodes.
	rfc3339 = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$`
)

// addResourceFields adds apiVersion, kind and metadata to a resource's
// translation where its schema does not declare them (a declared one is
// translated when the walk reaches it, resourceField), and requires them.
func (t *translator) addResourceFields(f *frame) {
	props, _ := f.out["properties"].(node)
	if props == nil {
		props = node{}
		f.out["properties"] = props
	}
	for _, name := range []string{"apiVersion", "kind", "metadata"} {
		if _, declared := f.s.Properties[name]; !declared {
			props[name] = t.resourceSchema(name, f.root)
		}
	}
	need := []any{"apiVersion", "kind"}
	if f.root {
		need = append(need, "metadata")
	}
	have, _ := f.out["required"].([]any)
	for _, r := range have {
		if !slices.Contains(need, r) {
			need = append(need, r)
		}
	}
	f.out["required"] = need
}

// resourceField translates a declared apiVersion, kind or metadata of a
// resource: the server's schema of it, with what the CRD says of it (if
// more than a type and a description) in allOf.
func (t *translator) resourceField(s *apiextv1.JSONSchemaProps, name string, above *frame) (*frame, bool) {
	out := t.resourceSchema(name, above.root)
	setString(out, "description", s.Description)
	above.out["properties"].(node)[name] = out
	if !hasValidation(s) {
		return nil, false
	}
	f := t.gen(s, true, name == "metadata", s)
	out["allOf"] = append(asList(out["allOf"]), f.out)
	return f, true
}

// hasValidation reports whether a schema says more than a type and a
// description.
func hasValidation(s *apiextv1.JSONSchemaProps) bool {
	c := *s
	c.Description, c.Title = "", ""
	return !equalJSON(c, apiextv1.JSONSchemaProps{Type: s.Type})
}

func asList(v any) []any {
	list, _ := v.([]any)
	return list
}

// resourceSchema is the server's schema of apiVersion, kind or metadata
// of the root (fixed to the CRD's group, version and kind) or of an
// embedded resource (any, as the server parses them).
func (t *translator) resourceSchema(name string, root bool) node {
	switch {
	case name == "apiVersion" && root:
		return node{"type": "string", "enum": []any{t.crd.Spec.Group + "/" + t.version}}
	case name == "kind" && root:
		return node{"type": "string", "enum": []any{t.crd.Spec.Names.Kind}}
	case name == "apiVersion":
		// schema.ParseGroupVersion: a version, or group/version.
		return node{"type": "string", "minLength": 1, "pattern": `^[^/]*(/[^/]*)?$`}
	case name == "kind":
		// A DNS-1035 label in any case.
		return node{"type": "string", "minLength": 1, "maxLength": 63, "pattern": `^[A-Za-z]([-A-Za-z0-9]*[A-Za-z0-9])?$`}
	}
	return t.objectMeta(root)
}

// objectMeta is the schema of an ObjectMeta: the fields a user writes,
// checked as the server checks them, and those the server sets (which it
// takes and replaces on create). Every field may be null: it decodes as
// its zero value. The root's needs a name or a generateName; an embedded
// resource's name is only a path segment.
func (t *translator) objectMeta(root bool) node {
	str := func() node { return node{"type": []any{"string", "null"}} }
	name, generateName, namespace := str(), str(), str()
	if root {
		name["maxLength"], name["pattern"] = 253, `^`+dnsSubdomain+`$`
		generateName["pattern"] = generateNamePattern
		if t.crd.Spec.Scope == apiextv1.NamespaceScoped {
			namespace["maxLength"], namespace["pattern"] = 63, `^`+dnsLabel+`$`
		}
	} else {
		// IsPathSegmentName and IsPathSegmentPrefix.
		name["pattern"], name["not"] = `^[^/%]*$`, node{"enum": []any{".", ".."}}
		generateName["pattern"] = `^[^/%]*$`
		namespace["pattern"] = `^(` + dnsLabel + `)?$`
		namespace["maxLength"] = 63
	}
	timestamp := node{"type": []any{"string", "null"}, "pattern": rfc3339}
	integer := node{"type": []any{"integer", "null"}}
	props := node{
		"name": name, "generateName": generateName, "namespace": namespace,
		"labels": node{"type": []any{"object", "null"},
			"additionalProperties": node{"type": []any{"string", "null"}, "maxLength": 63, "pattern": labelValue},
			"propertyNames":        node{"maxLength": 317, "pattern": qualifiedName}},
		"annotations": node{"type": []any{"object", "null"},
			"additionalProperties": node{"type": []any{"string", "null"}},
			"propertyNames":        node{"maxLength": 317, "pattern": annotationKey}},
		"finalizers":      node{"type": []any{"array", "null"}, "items": node{"type": "string", "maxLength": 317, "pattern": qualifiedName}},
		"ownerReferences": node{"type": []any{"array", "null"}, "items": ownerReference(t.strict)},
		"uid":             str(), "resourceVersion": str(), "selfLink": str(),
		"generation": integer, "deletionGracePeriodSeconds": integer,
		"creationTimestamp": timestamp, "deletionTimestamp": timestamp,
		"managedFields": node{"type": []any{"array", "null"}, "items": node{"type": "object"}},
	}
	out := node{"type": "object", "properties": props}
	if t.strict {
		out["additionalProperties"] = false
	}
	if root {
		// ValidateObjectMeta: "name or generateName is required".
		out["anyOf"] = []any{
			node{"required": []any{"name"}, "properties": node{"name": node{"type": "string", "minLength": 1}}},
			node{"required": []any{"generateName"}, "properties": node{"generateName": node{"type": "string", "minLength": 1}}},
		}
	}
	return out
}

// ownerReference is an item of ownerReferences: four names the server
// requires not empty.
func ownerReference(strict bool) node {
	nonEmpty := func() node { return node{"type": "string", "minLength": 1} }
	out := node{
		"type":     "object",
		"required": []any{"apiVersion", "kind", "name", "uid"},
		"properties": node{
			"apiVersion": nonEmpty(), "kind": nonEmpty(), "name": nonEmpty(), "uid": nonEmpty(),
			"controller":         node{"type": []any{"boolean", "null"}},
			"blockOwnerDeletion": node{"type": []any{"boolean", "null"}},
		},
	}
	if strict {
		out["additionalProperties"] = false
	}
	return out
}
