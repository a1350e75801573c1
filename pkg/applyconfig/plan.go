package applyconfig

// This file implements deciding what one API package generates: whether
// it is on, where its output goes, which of its types are roots (they get
// a constructor and Extract functions), and which types get apply
// configurations (every struct with a json tag that a root reaches).

import (
	"cmp"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// defaultOutput is where apply configurations go, relative to the package.
const defaultOutput = "applyconfiguration"

// plan is what one API package generates.
type plan struct {
	pkg *model.Package
	// group is +groupName's; version is the last element of the import
	// path, as code-generator takes it.
	group, version string
	// out is the base output package (utils.go), ac the package of the
	// apply configuration types, and their directories.
	out, ac       model.GoImportPath
	outDir, acDir string
	// refs maps a type to the package of its apply configuration: the
	// external ones and this package's.
	refs map[model.GoIdent]model.GoImportPath
	// types get apply configurations, sorted by lower-cased name.
	types []*acType
	// schema is false when no type of the package is enabled: then
	// controller-gen feeds code-generator no OpenAPI document, and no
	// Extract functions are written.
	schema bool
	// roots are the types the internal schema starts from.
	roots []*model.Type
	sh    *shapes
}

// acType is a type that gets an apply configuration.
type acType struct {
	t    *model.Type
	s    *shape
	tags clientTags
	// openAPIName names the type in the internal schema; "" when it gets
	// no Extract functions.
	openAPIName string
}

// planPackage plans an API package; nil when it generates nothing.
func planPackage(m *model.Model, p *model.Package, externals map[model.GoIdent]model.GoImportPath) (*plan, markers.ErrorList) {
	var diags markers.ErrorList
	on, onMarker, ok := markers.First[markers.ApplyConfigGenerate](p.Markers)
	if !ok || !on.Value || len(p.Types) == 0 {
		return nil, typeMarkersIgnored(p)
	}
	if !p.HasGroup {
		diags.Errorf(onMarker.Pos, markers.CodeMarkerValue,
			"+kubebuilder:ac:generate=true needs +groupName on the package: apply configurations carry the API group")
		return nil, diags
	}
	pl := &plan{pkg: p, group: p.Group, version: path.Base(string(p.Path)), sh: newShapes(m), refs: map[model.GoIdent]model.GoImportPath{}}
	outRel := defaultOutput
	if o, _, ok := markers.First[markers.ApplyConfigOutputPackage](p.Markers); ok {
		outRel = o.Value
	}
	pl.out = model.GoImportPath(path.Join(string(p.Path), outRel))
	pl.outDir = filepath.Join(p.Dir, filepath.FromSlash(outRel))
	sub := strings.ToLower(lastTwo(string(p.Path)))
	pl.ac = model.GoImportPath(path.Join(string(pl.out), sub))
	pl.acDir = filepath.Join(pl.outDir, filepath.FromSlash(sub))
	for id, ac := range externals {
		pl.refs[id] = ac
	}
	roots := pl.readTags(&diags)
	pl.collect(roots)
	if len(pl.types) > 0 && !slices.Contains(p.Vars, "SchemeGroupVersion") {
		diags.Errorf(onMarker.Pos, markers.CodeMarkerValue,
			"+kubebuilder:ac:generate=true needs a package-level SchemeGroupVersion, which the generated %s/utils.go refers to (kubebuilder's GroupVersion alone is not enough: add SchemeGroupVersion = GroupVersion)", outRel)
	}
	return pl, diags
}

// typeMarkersIgnored warns of +kubebuilder:ac:generate=true on the types
// of a package that is not on: they turn nothing on (controller-gen reads
// the package's marker first, and stops there too).
func typeMarkersIgnored(p *model.Package) markers.ErrorList {
	var diags markers.ErrorList
	for _, t := range p.Types {
		if v, m, ok := markers.First[markers.ApplyConfigGenerate](t.Markers); ok && v.Value {
			diags.Warnf(m.Pos, markers.CodeMarkerIgnored,
				"+kubebuilder:ac:generate=true on %s has no effect: its package is not marked +kubebuilder:ac:generate=true", t.Ident.Name)
		}
	}
	return diags
}

// lastTwo returns the last two elements of an import path (the whole path
// when it has two or fewer).
func lastTwo(p string) string {
	parts := strings.Split(p, "/")
	if len(parts) <= 2 {
		return p
	}
	return strings.Join(parts[len(parts)-2:], "/")
}

// enabled reports whether controller-gen turns generation on for a type:
// its +kubebuilder:ac:generate, or else whether it is a resource.
func enabled(t *model.Type) bool {
	if v, _, ok := markers.First[markers.ApplyConfigGenerate](t.Markers); ok {
		return v.Value
	}
	return markers.Has[markers.Resource](t.Markers)
}

// tagLines are the comment lines code-generator reads a type's tags from,
// with the tags controller-gen adds to the types it enables.
func tagLines(t *model.Type) []string {
	lines := slices.Concat(t.Comments.Detached, t.Comments.Closest)
	if enabled(t) {
		lines = append(lines, "+genclient")
		if r, _, ok := markers.First[markers.Resource](t.Markers); ok && r.Scope == "Cluster" {
			lines = append(lines, "+genclient:nonNamespaced")
		}
	}
	return lines
}

// candidates are the package's types as code-generator sees them: not
// aliases (those are their targets) and not generic.
func candidates(p *model.Package) []*model.Type {
	var out []*model.Type
	for _, t := range p.Types {
		if !t.Alias && !strings.Contains(t.Ident.Name, "[") {
			out = append(out, t)
		}
	}
	return out
}

// readTags reads every type's client tags and returns the roots.
func (pl *plan) readTags(diags *markers.ErrorList) map[*model.Type]clientTags {
	roots := map[*model.Type]clientTags{}
	for _, t := range candidates(pl.pkg) {
		pl.schema = pl.schema || enabled(t)
		tags, err := parseClientTags(tagLines(t))
		if err != nil {
			diags.Errorf(t.Pos, markers.CodeMarkerValue, "%s: %v", t.Ident.Name, err)
			continue
		}
		if tags.root() {
			roots[t] = tags
		}
	}
	return roots
}

// collect finds the types that get apply configurations: the package's
// structs with a json-tagged member that a root reaches. A root without an
// embedded metav1.ObjectMeta gets none itself (it could not be applied).
func (pl *plan) collect(roots map[*model.Type]clientTags) {
	reached := map[model.GoIdent]bool{}
	for _, t := range candidates(pl.pkg) {
		if _, ok := roots[t]; ok {
			pl.reach(pl.sh.named(t), reached, map[*shape]bool{})
		}
	}
	for _, t := range candidates(pl.pkg) {
		s := pl.sh.named(t)
		if reached[t.Ident] && needsApplyConfiguration(s) {
			pl.refs[t.Ident] = pl.ac
		}
	}
	for _, t := range candidates(pl.pkg) {
		s := pl.sh.named(t)
		tags := roots[t]
		if tags.generate && !embeds(s, "ObjectMeta") || pl.refs[t.Ident] != pl.ac {
			continue
		}
		at := &acType{t: t, s: s, tags: tags}
		if _, ok := roots[t]; ok && pl.schema {
			at.openAPIName = openAPIName(t.Ident)
		}
		pl.types = append(pl.types, at)
	}
	slices.SortFunc(pl.types, func(a, b *acType) int {
		return cmp.Compare(strings.ToLower(a.t.Ident.Name), strings.ToLower(b.t.Ident.Name))
	})
	if pl.schema {
		for _, t := range candidates(pl.pkg) {
			if _, ok := roots[t]; ok {
				pl.roots = append(pl.roots, t)
			}
		}
	}
}

// reach marks the package's named types s reaches, s included.
func (pl *plan) reach(s *shape, reached map[model.GoIdent]bool, seen map[*shape]bool) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	if s.named() {
		if s.id.ImportPath != pl.pkg.Path {
			return
		}
		reached[s.id] = true
	}
	pl.reach(s.elem, reached, seen)
	pl.reach(s.key, reached, seen)
	pl.reach(s.under, reached, seen)
	for _, m := range s.members {
		pl.reach(m.typ, reached, seen)
	}
}

// needsApplyConfiguration reports whether a type gets an apply
// configuration: a struct with at least one json-tagged member.
func needsApplyConfiguration(s *shape) bool {
	for s.kind == kindAlias {
		s = s.under
	}
	return s.kind == kindStruct && slices.ContainsFunc(s.members, func(m *member) bool { return m.tag.ok })
}

// embeds reports whether a struct embeds metav1's type of the given name.
func embeds(s *shape, name string) bool {
	return slices.ContainsFunc(s.members, func(m *member) bool {
		return m.embedded && m.typ.id == model.GoIdent{ImportPath: metav1Path, Name: name}
	})
}

// openAPIName is a type's name in the internal schema: kube-openapi's
// REST-friendly name of "<import path>.<name>" (the first path element's
// dot-separated parts reversed, slashes turned into dots).
func openAPIName(id model.GoIdent) string {
	parts := strings.Split(string(id.ImportPath)+"."+id.Name, "/")
	if strings.Contains(parts[0], ".") {
		host := strings.Split(parts[0], ".")
		slices.Reverse(host)
		parts[0] = strings.Join(host, ".")
	}
	return strings.Join(parts, ".")
}
