package parser

// This file implements finding the kinds of the API packages and arranging
// them into groups and versions.

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// assemble sorts the model and builds its groups, versions and kinds.
func (b *builder) assemble() *model.Model {
	m := model.New(slices.Collect(maps.Values(b.types)))
	for _, p := range b.pkgs {
		slices.SortFunc(p.Types, func(a, b *model.Type) int { return strings.Compare(a.Ident.Name, b.Ident.Name) })
		m.Packages = append(m.Packages, p)
	}
	slices.SortFunc(m.Packages, func(a, b *model.Package) int { return strings.Compare(string(a.Path), string(b.Path)) })

	groups := map[string]*model.Group{}
	for _, p := range m.Packages {
		if !p.Root || p.Skip {
			continue
		}
		var kinds []*model.Type
		for _, t := range p.Types {
			if b.isKind(t) {
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
				if !b.readsCRDs() {
					break
				}
				b.l.diags.Warnf(t.Pos, markers.CodeCRD,
					"kind %s is in package %s, %s, so it gets no CRD; give the package a // +groupName=<group>, or mark it // +kubebuilder:skip to say it is not an API version",
					t.Ident.Name, p.Path, why)
			}
			continue
		}
		g := groups[p.Group]
		if g == nil {
			g = &model.Group{Name: p.Group}
			groups[p.Group] = g
		}
		v := findVersion(g, p.Version)
		if v == nil {
			v = &model.Version{Name: p.Version, Group: g}
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
			v.Kinds = append(v.Kinds, &model.Kind{Name: t.Ident.Name, Type: t, Version: v})
		}
	}
	for _, g := range groups {
		slices.SortFunc(g.Versions, func(a, b *model.Version) int { return cmp.Compare(a.Name, b.Name) })
		for _, v := range g.Versions {
			slices.SortFunc(v.Kinds, func(a, b *model.Kind) int { return cmp.Compare(a.Name, b.Name) })
		}
		m.Groups = append(m.Groups, g)
	}
	slices.SortFunc(m.Groups, func(a, b *model.Group) int { return cmp.Compare(a.Name, b.Name) })
	b.settleConflicts(m)
	return m
}

// isKind reports whether a type is a kind: by controller-gen's rule
// (model.Type.IsKind), or by openshift/api's (Options.ObjectRootKinds).
func (b *builder) isKind(t *model.Type) bool {
	if b.l.opts.ObjectRootKinds {
		return objectRoot(t.Markers)
	}
	return t.IsKind()
}

func findKind(v *model.Version, name string) *model.Kind {
	for _, k := range v.Kinds {
		if k.Name == name {
			return k
		}
	}
	return nil
}

func findVersion(g *model.Group, name string) *model.Version {
	for _, v := range g.Versions {
		if v.Name == name {
			return v
		}
	}
	return nil
}
