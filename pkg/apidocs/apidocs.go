package apidocs

// This file implements Generate: the kinds of the builds' CRDs gathered by
// group, version and kind, the walk from each, the units (files) they go
// to, and where each type's section goes.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Split says how the reference is cut into files.
type Split string

// The splits.
const (
	// SplitGroupVersion writes one file per group and version,
	// <group>_<version>.md.
	SplitGroupVersion Split = "group-version"
	// SplitKind writes one file per group, version and kind,
	// <group>_<version>_<kind>.md (the kind in lower case).
	SplitKind Split = "kind"
)

// Splits are the values a Split may take.
func Splits() []string { return []string{string(SplitGroupVersion), string(SplitKind)} }

// IndexFile is the file that lists every group, version and kind.
const IndexFile = "index.md"

// Options configure Generate.
type Options struct {
	// Split cuts the reference into files ("": SplitGroupVersion).
	Split Split
}

// Build is the CRDs of one feature set.
type Build struct {
	// Set is the feature set (nil without feature sets).
	Set *featureset.Set
	// CRDs are the set's CRDs, each with its Object.
	CRDs []*schemagen.CRD
}

// File is one Markdown file of the reference.
type File struct {
	// Name is the file's name in the output directory.
	Name    string
	Content []byte
}

// Generate writes the API reference of the kinds the builds' CRDs hold:
// IndexFile, and a file per unit of opts.Split with each kind and every
// type its schema reaches, sorted by name. With several builds (feature
// sets), each kind, version, field and value says which sets have it.
func Generate(m *model.Model, builds []Build, opts Options) ([]File, error) {
	switch opts.Split {
	case "":
		opts.Split = SplitGroupVersion
	case SplitGroupVersion, SplitKind:
	default:
		return nil, fmt.Errorf("no split %q (want %s)", opts.Split, strings.Join(Splits(), " or "))
	}
	if len(builds) == 0 {
		return nil, fmt.Errorf("no CRDs to document")
	}
	g := &gen{m: m, builds: builds, split: opts.Split, types: map[*model.Type]*typeDoc{}, kinds: map[string]*kindDoc{}}
	if err := g.gather(); err != nil {
		return nil, err
	}
	for s := range builds {
		for _, u := range g.units {
			for _, kd := range u.kinds {
				g.walkKind(s, kd)
			}
		}
	}
	g.place()
	return g.render(), nil
}

// gen is one Generate call.
type gen struct {
	m      *model.Model
	builds []Build
	split  Split
	// units are the files, sorted by group, version and kind.
	units []*unit
	kinds map[string]*kindDoc
	types map[*model.Type]*typeDoc
	// typeOrder is the types in the order the walk met them.
	typeOrder []*typeDoc
}

// unit is one file: a group and version, or a kind of one.
type unit struct {
	group, version, kind string
	file                 string
	// kinds and types are the sections, in order.
	kinds []*kindDoc
	types []*typeDoc
	// title is the page's heading.
	title string
}

// kindDoc is one version of a kind: per build, its CRD and the CRD's
// entry for the version (nil where the build does not have it).
type kindDoc struct {
	group, version, name string
	kind                 *model.Kind
	crds                 []*apiextv1.CustomResourceDefinition
	vers                 []*apiextv1.CustomResourceDefinitionVersion
	td                   *typeDoc
	unit                 *unit
}

// gather collects the kinds of every build's CRDs into units.
func (g *gen) gather() error {
	byFile := map[string]*unit{}
	for s, b := range g.builds {
		for _, crd := range b.CRDs {
			obj := crd.Object
			if obj == nil || len(crd.Kinds) != len(obj.Spec.Versions) {
				return fmt.Errorf("the CRD %s has no object, or not one kind per version", crd.FileName)
			}
			for i := range obj.Spec.Versions {
				v := &obj.Spec.Versions[i]
				kd := g.kindDoc(obj.Spec.Group, v.Name, obj.Spec.Names.Kind, crd.Kinds[i])
				kd.crds[s], kd.vers[s] = obj, v
				if kd.unit == nil {
					kd.unit = g.unitFor(byFile, kd)
					kd.unit.kinds = append(kd.unit.kinds, kd)
				}
			}
		}
	}
	slices.SortFunc(g.units, func(a, b *unit) int {
		return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.version, b.version), cmp.Compare(a.kind, b.kind))
	})
	for _, u := range g.units {
		slices.SortFunc(u.kinds, func(a, b *kindDoc) int { return cmp.Compare(a.name, b.name) })
	}
	return nil
}

// kindDoc returns the entry of a kind's version, made on first use.
func (g *gen) kindDoc(group, version, name string, k *model.Kind) *kindDoc {
	key := group + "/" + version + "/" + name
	if kd, ok := g.kinds[key]; ok {
		return kd
	}
	kd := &kindDoc{group: group, version: version, name: name, kind: k,
		crds: make([]*apiextv1.CustomResourceDefinition, len(g.builds)), vers: make([]*apiextv1.CustomResourceDefinitionVersion, len(g.builds))}
	g.kinds[key] = kd
	return kd
}

// unitFor returns the unit of a kind's version, made on first use.
func (g *gen) unitFor(byFile map[string]*unit, kd *kindDoc) *unit {
	u := &unit{group: kd.group, version: kd.version, file: kd.group + "_" + kd.version + ".md"}
	if g.split == SplitKind {
		u.kind = kd.name
		u.file = kd.group + "_" + kd.version + "_" + strings.ToLower(kd.name) + ".md"
	}
	if old, ok := byFile[u.file]; ok {
		return old
	}
	byFile[u.file] = u
	g.units = append(g.units, u)
	return u
}

// place gives every type its home and every section its heading and
// anchor. A kind's type is at home in its kind's unit; another type in
// the first unit (in file order) of its own group and version that
// reaches it, or of its group and version at all when the split is by
// group and version, or else the first unit that reaches it.
func (g *gen) place() {
	index := map[*unit]int{}
	for i, u := range g.units {
		index[u] = i
	}
	for _, td := range g.typeOrder {
		if td.kind != nil {
			td.home = td.kind.unit
			continue
		}
		slices.SortFunc(td.reached, func(a, b *unit) int { return cmp.Compare(index[a], index[b]) })
		td.home = td.reached[0]
		if p := td.t.Package; p != nil && p.HasGroup {
			if i := slices.IndexFunc(g.units, func(u *unit) bool {
				return u.group == p.Group && u.version == p.Version && (g.split == SplitGroupVersion || containsPtr(td.reached, u))
			}); i >= 0 {
				td.home = g.units[i]
			}
		}
		td.home.types = append(td.home.types, td)
	}
	for _, u := range g.units {
		g.headings(u)
	}
}

// headings sorts a unit's types by name (then import path) and gives the
// title and each section its heading and anchor, in page order. A type
// whose name another of the page has is headed with its import path too.
func (g *gen) headings(u *unit) {
	slices.SortFunc(u.types, func(a, b *typeDoc) int {
		return cmp.Or(cmp.Compare(a.t.Ident.Name, b.t.Ident.Name), cmp.Compare(a.t.Ident.ImportPath, b.t.Ident.ImportPath))
	})
	names := map[string]int{}
	for _, kd := range u.kinds {
		if kd.td != nil {
			names[kd.td.t.Ident.Name]++
		}
	}
	for _, td := range u.types {
		names[td.t.Ident.Name]++
	}
	ids := newIDs()
	u.title = code(u.group+"/"+u.version) + " API reference"
	if u.kind != "" {
		u.title = code(u.kind) + " " + u.title
	}
	ids.of(u.title)
	for _, kd := range u.kinds {
		if kd.td == nil {
			continue
		}
		kd.td.heading = text(kd.name)
		kd.td.anchor = ids.of(kd.td.heading)
	}
	for _, td := range u.types {
		td.heading = text(td.t.Ident.Name)
		if names[td.t.Ident.Name] > 1 {
			td.heading += " (" + text(string(td.t.Ident.ImportPath)) + ")"
		}
		td.anchor = ids.of(td.heading)
	}
}

// href is the link from a page of unit from to a type's section.
func (g *gen) href(from *unit, td *typeDoc) string {
	if td.home == from {
		return "#" + td.anchor
	}
	return td.home.file + "#" + td.anchor
}

// multi reports whether the reference covers several feature sets.
func (g *gen) multi() bool { return len(g.builds) > 1 }

// setNames names builds by their sets.
func (g *gen) setNames(builds []int) []string {
	var out []string
	for _, s := range builds {
		if set := g.builds[s].Set; set != nil {
			out = append(out, set.Name)
		}
	}
	return out
}

func sortedStrings(s []string) []string {
	slices.Sort(s)
	return s
}
