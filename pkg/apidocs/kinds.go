package apidocs

// This file implements a kind's section: its description, scope, names,
// versions (served, storage, deprecated), subresources, selectable fields,
// printer columns and feature sets, then its fields.

import (
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// genKind writes the section of one version of a kind.
func (g *gen) genKind(p *page, kd *kindDoc) {
	p.heading(2, kd.td.heading)
	in := kd.present()
	p.block(g.mergeBlocks(in, func(s int) string { return description(kd.vers[s].Schema.OpenAPIV3Schema.Description) }))
	p.list(g.kindFacts(p.u, kd, in))
	g.columns(p, kd, in)
	if rules := g.union(in, func(s int) []string { return g.ownConstraints(kd.td, s) }); len(rules) > 0 {
		p.block("Validation:")
		p.list(rules)
	}
	g.fieldTable(p, kd.td)
}

// present are the builds that have the kind's version (with a schema).
func (kd *kindDoc) present() []int {
	var out []int
	for s, v := range kd.vers {
		if v != nil && v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			out = append(out, s)
		}
	}
	return out
}

// kindFacts are the items of a kind's list of facts.
func (g *gen) kindFacts(u *unit, kd *kindDoc, in []int) []string {
	crd := func(s int) *apiextv1.CustomResourceDefinition { return kd.crds[s] }
	out := []string{
		"API version: " + code(kd.group+"/"+kd.version) + ", kind: " + code(kd.name),
		"Scope: " + g.merge(in, "; ", func(s int) string { return text(string(crd(s).Spec.Scope)) }),
		"Resource: " + g.merge(in, "; ", func(s int) string {
			n := crd(s).Spec.Names
			return "plural " + code(n.Plural) + ", singular " + code(n.Singular) + ", list kind " + code(n.ListKind)
		}),
	}
	optional := func(label string, per func(s int) string) {
		if v := g.merge(in, "; ", per); v != "" {
			out = append(out, label+": "+v)
		}
	}
	optional("Short names", func(s int) string { return codes(crd(s).Spec.Names.ShortNames) })
	optional("Categories", func(s int) string { return codes(crd(s).Spec.Names.Categories) })
	out = append(out, "Versions: "+g.versions(u, kd, in))
	optional("Subresources", func(s int) string { return subresources(kd.vers[s].Subresources) })
	optional("Selectable fields", func(s int) string {
		var paths []string
		for _, f := range kd.vers[s].SelectableFields {
			paths = append(paths, f.JSONPath)
		}
		return codes(paths)
	})
	if g.multi() {
		out = append(out, "Feature sets: "+text(strings.Join(g.setNames(in), ", ")))
	}
	return out
}

// versions lists every version of the kind's CRD (in the CRD's order),
// each linked to its section, with whether it is served, the storage
// version, or deprecated.
func (g *gen) versions(u *unit, kd *kindDoc, in []int) string {
	var names []string
	for _, s := range in {
		for _, v := range kd.crds[s].Spec.Versions {
			if !contains(names, v.Name) {
				names = append(names, v.Name)
			}
		}
	}
	var out []string
	for _, name := range names {
		label := code(name)
		if other := g.kinds[kd.group+"/"+name+"/"+kd.name]; other != nil && other.td != nil && other.td.home != nil {
			label = link(label, g.href(u, other.td))
		}
		var has []int
		for _, s := range in {
			if versionOf(kd.crds[s], name) != nil {
				has = append(has, s)
			}
		}
		status := g.merge(has, "; ", func(s int) string { return versionStatus(versionOf(kd.crds[s], name)) })
		if len(has) < len(in) {
			status += " " + g.tag(has)
		}
		out = append(out, label+" ("+status+")")
	}
	return strings.Join(out, ", ")
}

// versionOf is a CRD's entry for a version, or nil.
func versionOf(crd *apiextv1.CustomResourceDefinition, name string) *apiextv1.CustomResourceDefinitionVersion {
	for i := range crd.Spec.Versions {
		if crd.Spec.Versions[i].Name == name {
			return &crd.Spec.Versions[i]
		}
	}
	return nil
}

// versionStatus says whether a version is served, stored and deprecated.
func versionStatus(v *apiextv1.CustomResourceDefinitionVersion) string {
	parts := []string{"served"}
	if !v.Served {
		parts[0] = "not served"
	}
	if v.Storage {
		parts = append(parts, "storage")
	}
	if v.Deprecated {
		d := "deprecated"
		if v.DeprecationWarning != nil {
			d += ": " + text(*v.DeprecationWarning)
		}
		parts = append(parts, d)
	}
	return strings.Join(parts, ", ")
}

// subresources says a version's subresources.
func subresources(sr *apiextv1.CustomResourceSubresources) string {
	if sr == nil {
		return ""
	}
	var parts []string
	if sr.Status != nil {
		parts = append(parts, "status")
	}
	if sc := sr.Scale; sc != nil {
		s := "scale (spec replicas " + code(sc.SpecReplicasPath) + ", status replicas " + code(sc.StatusReplicasPath)
		if sc.LabelSelectorPath != nil {
			s += ", label selector " + code(*sc.LabelSelectorPath)
		}
		parts = append(parts, s+")")
	}
	return strings.Join(parts, ", ")
}

// columns writes a version's printer columns as a table, each column that
// not every set has followed by the sets that do.
func (g *gen) columns(p *page, kd *kindDoc, in []int) {
	const sep = "\x00"
	rows, has := unionSets(in, func(s int) []string {
		var out []string
		for _, c := range kd.vers[s].AdditionalPrinterColumns {
			typ := text(c.Type)
			if c.Format != "" {
				typ += " (" + text(c.Format) + ")"
			}
			out = append(out, strings.Join([]string{text(c.Name), typ, code(c.JSONPath), strconv.Itoa(int(c.Priority)), descriptionCell(c.Description)}, sep))
		}
		return out
	})
	if len(rows) == 0 {
		return
	}
	head := []string{"Column", "Type", "JSON path", "Priority", "Description"}
	var body [][]string
	used := make([]bool, len(head))
	for _, r := range rows {
		cells := strings.Split(r, sep)
		if len(has[r]) < len(in) {
			cells[0] += " " + g.tag(has[r])
		}
		for i, c := range cells {
			used[i] = used[i] || c != "" && c != "0"
		}
		body = append(body, cells)
	}
	// Priority (0: shown without -o wide) and description only when a
	// column has one.
	drop := func(cells []string) []string {
		var out []string
		for i, c := range cells {
			if i < 3 || used[i] {
				out = append(out, c)
			}
		}
		return out
	}
	for i := range body {
		body[i] = drop(body[i])
	}
	p.block("Printer columns:")
	p.table(drop(head), body)
}
