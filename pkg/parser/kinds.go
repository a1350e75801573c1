package parser

// This file implements finding the kinds of the API packages and arranging
// them into groups and versions.

import (
	"cmp"
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
			if isKind(t, p.HasGroup) {
				kinds = append(kinds, t)
			}
		}
		if len(kinds) == 0 {
			continue
		}
		if !p.HasGroup {
			for _, t := range kinds {
				b.l.diags.Errorf(t.Pos, markers.CodeCRD,
					"kind %s is in package %s, which has no +groupName marker; add // +groupName=<group> to the package, or // +kubebuilder:skip to leave it out",
					t.Ident.Name, p.Path)
			}
			continue
		}
		g := groups[p.Group]
		if g == nil {
			g = &Group{Name: p.Group}
			groups[p.Group] = g
		}
		if other := findVersion(g, p.Version); other != nil {
			b.l.diags.Add(markers.Diagnostic{Pos: p.Pos, Code: markers.CodeCRD,
				Msg:     "group " + p.Group + " version " + p.Version + " is declared by two packages, " + string(other.Package.Path) + " and " + string(p.Path),
				Related: []markers.Related{{Pos: other.Package.Pos, Msg: "other package declaring it"}}})
			continue
		}
		v := &Version{Name: p.Version, Group: g, Package: p}
		for _, t := range kinds {
			v.Kinds = append(v.Kinds, &Kind{Name: t.Ident.Name, Type: t, Version: v})
		}
		g.Versions = append(g.Versions, v)
	}
	for _, g := range groups {
		slices.SortFunc(g.Versions, func(a, b *Version) int { return cmp.Compare(a.Name, b.Name) })
		m.Groups = append(m.Groups, g)
	}
	slices.SortFunc(m.Groups, func(a, b *Group) int { return cmp.Compare(a.Name, b.Name) })
	return m
}

func findVersion(g *Group, name string) *Version {
	for _, v := range g.Versions {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// isKind reports whether a type is a kind: a struct that embeds both
// metav1.TypeMeta and metav1.ObjectMeta (controller-gen's rule), or, in a
// package with a +groupName, one marked +kubebuilder:object:root=true that
// is not a list. Outside API groups, object:root marks plain runtime.Objects
// (cluster-api's runtime hook requests, for one), which are not kinds.
func isKind(t *Type, inGroup bool) bool {
	st, ok := t.Underlying.(*Struct)
	if !ok || t.Alias {
		return false
	}
	var typeMeta, objectMeta, listMeta bool
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
		case "ListMeta":
			listMeta = true
		}
	}
	if typeMeta && objectMeta {
		return true
	}
	root, _, ok := markers.First[markers.ObjectRoot](t.Markers)
	return inGroup && ok && root.Value && !listMeta && !strings.HasSuffix(t.Ident.Name, "List")
}
