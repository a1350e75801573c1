package model

// This file implements finding the kinds of the API packages and arranging
// them into groups and versions.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
)

// assemble sorts the model and builds its groups, versions and kinds.
func (b *builder) assemble() *Model {
	m := &Model{types: map[GoIdent]*Type{}}
	for _, t := range b.types {
		m.types[t.Ident] = t
	}
	for _, p := range b.pkgs {
		slices.SortFunc(p.Types, func(a, b *Type) int { return strings.Compare(a.Ident.Name, b.Ident.Name) })
		m.Packages = append(m.Packages, p)
	}
	slices.SortFunc(m.Packages, func(a, b *Package) int { return strings.Compare(string(a.Path), string(b.Path)) })

	groups := map[string]*Group{}
	for _, p := range m.Packages {
		if !p.Root || p.Skip {
			continue
		}
		var kinds []*Type
		for _, t := range p.Types {
			if t.IsKind() {
				kinds = append(kinds, t)
			}
		}
		if len(kinds) == 0 {
			continue
		}
		if !p.HasGroup || p.Group == "" {
			// controller-gen writes a CRD without a group (_orphans.yaml,
			// or _<plural>.yaml for an empty +groupName) that the API server
			// rejects; crdgen writes nothing for them, and says so.
			why := "which has no +groupName marker"
			if p.HasGroup {
				why = "whose +groupName is empty (a CRD needs a group)"
			}
			for _, t := range kinds {
				b.l.diags.Warnf(t.Pos, markers.CodeCRD,
					"kind %s is in package %s, %s, so it gets no CRD; give the package a // +groupName=<group>, or mark it // +kubebuilder:skip to say it is not an API version",
					t.Ident.Name, p.Path, why)
			}
			continue
		}
		g := groups[p.Group]
		if g == nil {
			g = &Group{Name: p.Group}
			groups[p.Group] = g
		}
		v := findVersion(g, p.Version)
		if v == nil {
			v = &Version{Name: p.Version, Group: g}
			g.Versions = append(g.Versions, v)
		}
		v.Packages = append(v.Packages, p)
		for _, t := range kinds {
			if other := findKind(v, t.Ident.Name); other != nil {
				b.l.diags.Add(markers.Diagnostic{Pos: t.Pos, Code: markers.CodeCRD,
					Msg: fmt.Sprintf("kind %s of group %s version %s is declared in two packages, %s and %s",
						t.Ident.Name, p.Group, p.Version, other.Type.Package.Path, p.Path),
					Related: []markers.Related{{Pos: other.Type.Pos, Msg: "other declaration of " + t.Ident.Name}}})
				continue
			}
			v.Kinds = append(v.Kinds, &Kind{Name: t.Ident.Name, Type: t, Version: v})
		}
	}
	for _, g := range groups {
		slices.SortFunc(g.Versions, func(a, b *Version) int { return cmp.Compare(a.Name, b.Name) })
		for _, v := range g.Versions {
			slices.SortFunc(v.Kinds, func(a, b *Kind) int { return cmp.Compare(a.Name, b.Name) })
		}
		m.Groups = append(m.Groups, g)
	}
	slices.SortFunc(m.Groups, func(a, b *Group) int { return cmp.Compare(a.Name, b.Name) })
	return m
}

func findKind(v *Version, name string) *Kind {
	for _, k := range v.Kinds {
		if k.Name == name {
			return k
		}
	}
	return nil
}

func findVersion(g *Group, name string) *Version {
	for _, v := range g.Versions {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// IsKind reports whether a type is a kind: a struct declared with both
// metav1.TypeMeta and metav1.ObjectMeta embedded (not through pointers),
// controller-gen's rule. +kubebuilder:object:root alone makes a
// runtime.Object (an operator's configuration file type, a list), not a
// resource, so it does not make a kind; nor does a type defined over a
// kind of another name (type Other Widget). A type defined over a kind of
// its own name and group is one (gateway-api declares its older versions
// as type HTTPRoute v1.HTTPRoute): controller-gen makes every type of a
// group named like one of its kinds a version of that kind.
func (t *Type) IsKind() bool {
	if t.Base != nil && !t.Alias {
		b := t.Base
		for b.Alias && b.Base != nil {
			b = b.Base
		}
		sameGroup := b.Package != nil && t.Package != nil && b.Package.HasGroup && b.Package.Group == t.Package.Group
		return b.Ident.Name == t.Ident.Name && sameGroup && b.IsKind()
	}
	st, ok := t.Underlying.(*Struct)
	if !ok || t.Alias {
		return false
	}
	var typeMeta, objectMeta bool
	for _, f := range st.Fields {
		if !f.Embedded {
			continue
		}
		n, ok := f.Type.(*Named)
		if !ok || n.Type.Ident.ImportPath != metav1Path {
			continue
		}
		switch n.Type.Ident.Name {
		case "TypeMeta":
			typeMeta = true
		case "ObjectMeta":
			objectMeta = true
		}
	}
	return typeMeta && objectMeta
}
