package crddiff

// This file implements the comparison of whole CRDs: the CRDs, their scope
// and names, and their versions; schemas are compared in schema.go.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Check names a kind of change. The names are stable: they appear in
// reports and in --allow.
type Check string

// Severity says what a change means for clients and stored objects.
type Severity string

const (
	// Breaking changes can reject or lose what clients send or what is
	// stored.
	Breaking Severity = "breaking"
	// Safe changes keep every valid object valid and every field readable.
	Safe Severity = "safe"
	// Finding is a lint finding: about the new CRDs alone.
	Finding Severity = "lint"
	// Security changes let what clients send reach storage unvalidated:
	// a subtree that newly keeps unknown fields (the structural-schema
	// problem of a field nobody declared, such as privileged: true, being
	// stored). Like breaking changes, they fail the check unless allowed.
	Security Severity = "security"
)

// Change is one difference between the previous and the new CRDs, or one
// lint finding.
type Change struct {
	// CRD is the CRD's name (plural.group).
	CRD string `json:"crd"`
	// Version is the API version, or "" for a change to the whole CRD.
	Version string `json:"version,omitempty"`
	// Path is the place in the version's schema, as .spec.ports[*].name;
	// "" for the CRD or version itself.
	Path     string   `json:"path,omitempty"`
	Check    Check    `json:"check"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// Note says what softens a breaking change, or what to know about it.
	Note string `json:"note,omitempty"`
	// FieldPath is where the change is in the new CRD, as the API server
	// writes paths (spec.versions[1].schema.openAPIV3Schema.properties[spec]
	// .maximum); "" when the new CRD does not have the place.
	FieldPath string `json:"-"`
}

// ID names the change for --allow: check:crd/version.path (the schema's
// root, ".", adds nothing: check:crd/version).
func (c Change) ID() string {
	id := string(c.Check) + ":" + c.CRD
	if c.Version != "" {
		id += "/" + c.Version
	}
	if c.Path == "." {
		return id
	}
	return id + c.Path
}

// Compare returns every difference between the previous CRDs and the new
// ones, matched by name, sorted by CRD, version, path and check.
func Compare(previous, next []*apiextv1.CustomResourceDefinition) []Change {
	c := &comparer{}
	old := byName(previous)
	for _, n := range next {
		o := old[n.Name]
		if o == nil {
			c.add(Change{CRD: n.Name, Check: "crd-added", Severity: Safe, Message: "new CRD"})
			continue
		}
		delete(old, n.Name)
		c.compareCRD(o, n)
		c.compareSize(o, n)
	}
	for name := range old {
		c.add(Change{CRD: name, Check: "crd-removed", Severity: Breaking,
			Message: "the CRD is gone: deleting it from a cluster deletes every object of its kind"})
	}
	sortChanges(c.changes)
	return c.changes
}

type comparer struct {
	changes []Change
}

func (c *comparer) add(ch Change) { c.changes = append(c.changes, ch) }

func byName(crds []*apiextv1.CustomResourceDefinition) map[string]*apiextv1.CustomResourceDefinition {
	m := map[string]*apiextv1.CustomResourceDefinition{}
	for _, crd := range crds {
		m[crd.Name] = crd
	}
	return m
}

func (c *comparer) compareCRD(o, n *apiextv1.CustomResourceDefinition) {
	crd := func(check Check, sev Severity, format string, args ...any) {
		c.add(Change{CRD: n.Name, Check: check, Severity: sev, Message: fmt.Sprintf(format, args...), FieldPath: "spec"})
	}
	if o.Spec.Scope != n.Spec.Scope {
		crd("scope-changed", Breaking, "scope changed from %s to %s: existing objects and every client's paths no longer match", o.Spec.Scope, n.Spec.Scope)
	}
	if o.Spec.Names.Kind != n.Spec.Names.Kind {
		crd("kind-changed", Breaking, "kind changed from %s to %s", o.Spec.Names.Kind, n.Spec.Names.Kind)
	}
	for _, sn := range o.Spec.Names.ShortNames {
		if !slices.Contains(n.Spec.Names.ShortNames, sn) {
			crd("short-name-removed", Safe, "short name %q removed (kubectl get %s no longer works)", sn, sn)
		}
	}
	if s, t := storageVersion(o), storageVersion(n); s != "" && t != "" && s != t {
		crd("storage-version-changed", Breaking,
			"the storage version changed from %s to %s: objects stored at %s stay so until migrated, and %s must stay in the CRD (status.storedVersions) until then", s, t, s, s)
	}
	newVersions := map[string]int{}
	for i, v := range n.Spec.Versions {
		newVersions[v.Name] = i
	}
	for _, ov := range o.Spec.Versions {
		i, ok := newVersions[ov.Name]
		if !ok {
			msg := "version removed: clients using it fail"
			if ov.Storage {
				msg += ", and objects stored at it cannot be read until migrated"
			}
			c.add(Change{CRD: n.Name, Version: ov.Name, Check: "version-removed", Severity: Breaking, Message: msg})
			continue
		}
		c.compareVersion(n.Name, i, &ov, &n.Spec.Versions[i])
	}
	oldVersions := map[string]bool{}
	for _, v := range o.Spec.Versions {
		oldVersions[v.Name] = true
	}
	for i, nv := range n.Spec.Versions {
		if !oldVersions[nv.Name] {
			c.add(Change{CRD: n.Name, Version: nv.Name, Check: "version-added", Severity: Safe, Message: "new version",
				FieldPath: fmt.Sprintf("spec.versions[%d]", i)})
		}
	}
}

func storageVersion(crd *apiextv1.CustomResourceDefinition) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// compareVersion compares one version present in both CRDs.
func (c *comparer) compareVersion(crd string, index int, o, n *apiextv1.CustomResourceDefinitionVersion) {
	base := fmt.Sprintf("spec.versions[%d]", index)
	ver := func(check Check, sev Severity, field, format string, args ...any) {
		c.add(Change{CRD: crd, Version: n.Name, Check: check, Severity: sev, Message: fmt.Sprintf(format, args...), FieldPath: base + field})
	}
	switch {
	case o.Served && !n.Served:
		ver("version-unserved", Breaking, "", "no longer served: clients using it fail")
	case !o.Served && n.Served:
		ver("version-served", Safe, "", "now served")
	}
	if !o.Deprecated && n.Deprecated {
		ver("version-deprecated", Safe, ".deprecated", "deprecated")
	}
	osub, nsub := subresources(o), subresources(n)
	switch {
	case osub.Status != nil && nsub.Status == nil:
		ver("status-subresource-removed", Breaking, ".subresources", "the status subresource is gone: /status requests fail, and status is written with the object again")
	case osub.Status == nil && nsub.Status != nil:
		ver("status-subresource-added", Breaking, ".subresources.status", "status subresource added: status sent with the object is now ignored; controllers must write /status")
	}
	if osub.Scale != nil && nsub.Scale == nil {
		ver("scale-subresource-removed", Breaking, ".subresources", "the scale subresource is gone: kubectl scale and autoscalers fail")
	} else if osub.Scale != nil && nsub.Scale != nil && !scaleEqual(osub.Scale, nsub.Scale) {
		ver("scale-subresource-changed", Breaking, ".subresources.scale", "the scale subresource reads other paths")
	}
	for _, f := range o.SelectableFields {
		if !slices.ContainsFunc(n.SelectableFields, func(g apiextv1.SelectableField) bool { return g.JSONPath == f.JSONPath }) {
			ver("selectable-field-removed", Breaking, "", "selectable field %s removed: field selectors on it fail", f.JSONPath)
		}
	}
	var os2, ns2 *apiextv1.JSONSchemaProps
	if o.Schema != nil {
		os2 = o.Schema.OpenAPIV3Schema
	}
	if n.Schema != nil {
		ns2 = n.Schema.OpenAPIV3Schema
	}
	if os2 != nil && ns2 != nil {
		s := &schemaComparer{c: c, crd: crd, version: n.Name, base: base + ".schema.openAPIV3Schema"}
		s.compare(os2, ns2, nil)
	}
}

func subresources(v *apiextv1.CustomResourceDefinitionVersion) apiextv1.CustomResourceSubresources {
	if v.Subresources == nil {
		return apiextv1.CustomResourceSubresources{}
	}
	return *v.Subresources
}

func scaleEqual(a, b *apiextv1.CustomResourceSubresourceScale) bool {
	return a.SpecReplicasPath == b.SpecReplicasPath && a.StatusReplicasPath == b.StatusReplicasPath &&
		ptrString(a.LabelSelectorPath) == ptrString(b.LabelSelectorPath)
}

func ptrString(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// sortChanges orders changes by CRD, version and path, then breaking
// changes first, then by their place in the new CRD and their message.
func sortChanges(cs []Change) {
	rank := map[Severity]int{Breaking: 0, Security: 1, Finding: 2, Safe: 3}
	slices.SortStableFunc(cs, func(a, b Change) int {
		return cmp.Or(strings.Compare(a.CRD, b.CRD), strings.Compare(a.Version, b.Version),
			strings.Compare(a.Path, b.Path), cmp.Compare(rank[a.Severity], rank[b.Severity]),
			strings.Compare(a.FieldPath, b.FieldPath), strings.Compare(string(a.Check), string(b.Check)), strings.Compare(a.Message, b.Message))
	})
}
