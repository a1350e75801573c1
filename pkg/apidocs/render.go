package apidocs

// This file implements the pages: the index, a unit's page (its kinds,
// then its types), a type's section, and the Markdown blocks they are
// made of.

import (
	"cmp"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/model"
)

// page is one Markdown file being written, of unit u (nil: the index).
type page struct {
	b strings.Builder
	u *unit
}

// block writes a block of Markdown and the blank line after it.
func (p *page) block(md string) {
	if md = strings.TrimSpace(md); md != "" {
		p.b.WriteString(md)
		p.b.WriteString("\n\n")
	}
}

// heading writes a heading whose Markdown is md (its anchor is ids.of(md)).
func (p *page) heading(level int, md string) { p.block(strings.Repeat("#", level) + " " + md) }

// list writes a bulleted list of inline Markdown items.
func (p *page) list(items []string) {
	var b strings.Builder
	for _, it := range items {
		b.WriteString("- " + strings.ReplaceAll(it, "\n", " ") + "\n")
	}
	p.block(b.String())
}

// table writes a table; every cell goes through cell.
func (p *page) table(head []string, rows [][]string) {
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + cell(c) + " |")
		}
		b.WriteString("\n")
	}
	line(head)
	b.WriteString(strings.Repeat("|---", len(head)) + "|\n")
	for _, r := range rows {
		line(r)
	}
	p.block(b.String())
}

// bytes is the page's file: the header, then the blocks.
func (p *page) bytes() []byte {
	return []byte(Header + "\n\n" + strings.TrimSpace(p.b.String()) + "\n")
}

// render writes every page, sorted by file name.
func (g *gen) render() []File {
	files := []File{{Name: IndexFile, Content: g.index()}}
	for _, u := range g.units {
		p := &page{u: u}
		p.heading(1, u.title)
		p.block("Part of the " + link("API reference", IndexFile) + ".")
		for _, kd := range u.kinds {
			g.genKind(p, kd)
		}
		for _, td := range u.types {
			g.genType(p, td)
		}
		files = append(files, File{Name: u.file, Content: p.bytes()})
	}
	slices.SortFunc(files, func(a, b File) int { return cmp.Compare(a.Name, b.Name) })
	return files
}

// genType writes a type's section: where it appears, the sets that have
// it, its type (unless a struct), description, own constraints and
// fields.
func (g *gen) genType(p *page, td *typeDoc) {
	p.heading(2, td.heading)
	var in []int
	for s, sites := range td.sites {
		if len(sites) > 0 {
			in = append(in, s)
		}
	}
	if links := g.appearsIn(p.u, td); links != "" {
		p.block("Appears in: " + links + ".")
	}
	if g.multi() && len(in) < len(g.builds) {
		p.block("Feature sets: " + text(strings.Join(g.setNames(in), ", ")) + ".")
	}
	_, isStruct := td.t.Underlying.(*model.Struct)
	if !isStruct {
		p.block("Type: " + g.merge(in, "; ", func(s int) string { return g.typeCell(p.u, td.t.Underlying, td.sites[s][0]) }) + ".")
	}
	p.block(g.mergeBlocks(in, func(s int) string { return description(g.builds[s].Set.Describe(td.t.Doc)) }))
	var items []string
	if e := g.union(in, td.ownEnum); len(e) > 0 {
		items = append(items, "enum: "+strings.Join(e, ", "))
	}
	items = append(items, g.union(in, func(s int) []string { return g.ownConstraints(td, s) })...)
	if len(items) > 0 {
		p.block("Validation, wherever it is used:")
		p.list(items)
	}
	g.fieldTable(p, td)
}

// appearsIn links the types whose fields use a type, sorted by name.
func (g *gen) appearsIn(u *unit, td *typeDoc) string {
	parents := slices.Clone(td.parents)
	slices.SortFunc(parents, func(a, b *typeDoc) int {
		return cmp.Or(cmp.Compare(a.t.Ident.Name, b.t.Ident.Name), cmp.Compare(a.t.Ident.ImportPath, b.t.Ident.ImportPath),
			cmp.Compare(a.home.file, b.home.file))
	})
	var out []string
	for _, pt := range parents {
		out = append(out, link(text(pt.t.Ident.Name), g.href(u, pt)))
	}
	return strings.Join(out, ", ")
}

// mergeBlocks is a description in the builds in: one where they agree,
// otherwise each with the sets that have it.
func (g *gen) mergeBlocks(in []int, per func(s int) string) string {
	return g.mergeWith(in, "\n\n", per, func(v, tag string) string {
		if v == "" {
			return ""
		}
		return "In " + tag + ":\n\n" + v
	})
}

// index is the index page: per group, its versions and kinds, linked.
func (g *gen) index() []byte {
	p := &page{}
	p.heading(1, "API reference")
	intro := "The API's groups, versions and kinds; each kind's page has its fields and every type they reach."
	if g.multi() {
		var names []string
		for s := range g.builds {
			names = append(names, code(g.builds[s].Set.Name))
		}
		intro += " It covers the feature sets " + strings.Join(names, ", ") + ": a kind, version, field or value that not every set has says which do."
	}
	p.block(intro)
	var group string
	var rows [][]string
	flush := func() {
		if group != "" {
			p.heading(2, code(group))
			p.table([]string{"Version", "Kinds"}, rows)
		}
		rows = nil
	}
	for _, u := range g.units {
		if u.group != group {
			flush()
			group = u.group
		}
		version := code(u.version)
		if u.kind == "" {
			version = link(version, u.file)
		}
		var kinds []string
		for _, kd := range u.kinds {
			l := link(text(kd.name), u.file+"#"+kd.td.anchor)
			if in := kd.present(); g.multi() && len(in) < len(g.builds) {
				l += " " + g.tag(in)
			}
			kinds = append(kinds, l)
		}
		if n := len(rows); u.kind != "" && n > 0 && rows[n-1][0] == version {
			rows[n-1][1] += ", " + strings.Join(kinds, ", ")
			continue
		}
		rows = append(rows, []string{version, strings.Join(kinds, ", ")})
	}
	flush()
	return p.bytes()
}
