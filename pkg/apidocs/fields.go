package apidocs

// This file implements a type's table of fields: a row per field, with its
// JSON name, type (linked), whether it is required, default, validation
// and description, and the feature sets that have it; and the merge of
// what differs between sets.

import (
	"regexp"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/model"
)

// objectMetaURL documents metav1.ObjectMeta, which every kind has.
const objectMetaURL = "https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/object-meta/"

// fieldTable writes the table of a type's fields.
func (g *gen) fieldTable(p *page, td *typeDoc) {
	rows := g.tableRows(td)
	if len(rows) == 0 {
		return
	}
	head := []string{"Field", "Type", "Required", "Default", "Validation", "Description"}
	if g.multi() {
		head = append(head, "Feature sets")
	}
	var body [][]string
	for _, r := range rows {
		body = append(body, g.rowCells(p.u, r))
	}
	p.table(head, body)
}

// tableRows are the rows of a type's table that some build has, with the
// properties only the schema has where the type inlines what crdgen does
// not walk into (or at the end).
func (g *gen) tableRows(td *typeDoc) []*row {
	extras := g.extraRows(td)
	var out []*row
	for i, r := range td.rows {
		if i == td.extraAt {
			out, extras = append(out, extras...), nil
		}
		if slices.ContainsFunc(r.nodes, func(n *apiextv1.JSONSchemaProps) bool { return n != nil }) {
			out = append(out, r)
		}
	}
	return append(out, extras...)
}

// extraRows are the rows of the properties of a type's node that no field
// declares, sorted by name.
func (g *gen) extraRows(td *typeDoc) []*row {
	var names []string
	for s := range g.builds {
		for _, name := range td.extras(s) {
			if !contains(names, name) {
				names = append(names, name)
			}
		}
	}
	var out []*row
	for _, name := range sortedStrings(names) {
		r := &row{path: []string{name}, nodes: make([]*apiextv1.JSONSchemaProps, len(g.builds)), required: make([]bool, len(g.builds))}
		for s := range g.builds {
			if len(td.sites[s]) == 0 {
				continue
			}
			n, parent := lookup(td.sites[s][0], r.path)
			r.nodes[s], r.required[s] = n, parent != nil && contains(parent.Required, name)
		}
		out = append(out, r)
	}
	return out
}

// rowCells are the cells of a row on a page of unit u.
func (g *gen) rowCells(u *unit, r *row) []string {
	in := present(r.nodes)
	cells := []string{
		code(strings.Join(r.path, ".")),
		g.merge(in, lineBreak, func(s int) string { return g.typeCell(u, r.expr, r.nodes[s]) }),
		g.merge(in, lineBreak, func(s int) string {
			if r.required[s] {
				return "required"
			}
			return "optional"
		}),
		g.merge(in, lineBreak, func(s int) string { return defaultOf(r.nodes[s]) }),
		strings.Join(g.validation(in, r), lineBreak),
		g.mergeText(in, lineBreak, func(s int) string { return descriptionCell(r.nodes[s].Description) }),
	}
	if g.multi() {
		cells = append(cells, text(strings.Join(g.setNames(in), ", ")))
	}
	return cells
}

// validation is the items of a row's Validation cell: its enum values
// (each with the sets that have it), then its constraints.
func (g *gen) validation(in []int, r *row) []string {
	var out []string
	if e := g.union(in, func(s int) []string { return enumValues(r.nodes[s]) }); len(e) > 0 {
		out = append(out, "enum: "+strings.Join(e, ", "))
	}
	return append(out, g.union(in, func(s int) []string { return g.siteConstraints(r.nodes[s], r.expr, s) })...)
}

// typeCell is a field's type on a page of unit u: a link to the section
// of a type the reference documents, another named type's Go name, lists
// and maps of those, or the schema's type.
func (g *gen) typeCell(u *unit, expr model.TypeExpr, n *apiextv1.JSONSchemaProps) string {
	switch e := expr.(type) {
	case *model.Pointer:
		return g.typeCell(u, e.Elem, n)
	case *model.Named:
		t := resolve(e.Type)
		if td := g.types[t]; td != nil && td.home != nil {
			l := link(text(t.Ident.Name), g.href(u, td))
			if _, ok := t.Underlying.(*model.Struct); ok {
				return l
			}
			return l + " (" + jsonType(n) + ")"
		}
		name := code(qualified(t))
		if t.Ident == (model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "ObjectMeta"}) {
			name = link(name, objectMetaURL)
		}
		return name + " (" + jsonType(n) + ")"
	case *model.Slice:
		if isByte(e.Elem) {
			return jsonType(n)
		}
		return "array of " + g.typeCell(u, e.Elem, items(n))
	case *model.Array:
		if isByte(e.Elem) {
			return jsonType(n)
		}
		return "array of " + g.typeCell(u, e.Elem, items(n))
	case *model.Map:
		return "map of " + g.typeCell(u, e.Elem, values(n))
	}
	return jsonType(n)
}

// apiVersionName matches a package named for an API version (v1,
// v1beta1), which Kubernetes code imports under its parent's name too
// (metav1, corev1).
var apiVersionName = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]*)?$`)

// qualified is a type's Go name with its package's name, as Kubernetes
// code writes it: metav1.Time, corev1.ObjectReference, intstr.IntOrString.
func qualified(t *model.Type) string {
	p := t.Package
	if p == nil || p.Name == "" {
		return t.Ident.String()
	}
	name := p.Name
	if elems := strings.Split(string(p.Path), "/"); apiVersionName.MatchString(name) && len(elems) > 1 {
		name = elems[len(elems)-2] + name
	}
	return name + "." + t.Ident.Name
}

// jsonType is the JSON type a node accepts.
func jsonType(n *apiextv1.JSONSchemaProps) string {
	switch {
	case n == nil:
		return "any"
	case n.XIntOrString:
		return "integer or string"
	case n.Type != "":
		return n.Type
	}
	return "any"
}

// defaultOf is a node's default, as JSON in a code span ("" for none).
func defaultOf(n *apiextv1.JSONSchemaProps) string {
	if n.Default == nil {
		return ""
	}
	return code(jsonText(n.Default.Raw))
}

// present are the builds in which a node exists.
func present(nodes []*apiextv1.JSONSchemaProps) []int {
	var out []int
	for s, n := range nodes {
		if n != nil {
			out = append(out, s)
		}
	}
	return out
}

// merge is what per says in the builds in: one value where they agree;
// otherwise each value, with the sets that have it, joined by sep.
func (g *gen) merge(in []int, sep string, per func(s int) string) string {
	return g.mergeWith(in, sep, per, func(v, tag string) string {
		if v == "" {
			v = "none"
		}
		return v + " " + tag
	})
}

// mergeText is merge for a description: the sets come first.
func (g *gen) mergeText(in []int, sep string, per func(s int) string) string {
	return g.mergeWith(in, sep, per, func(v, tag string) string { return strings.TrimSpace(tag + " " + v) })
}

func (g *gen) mergeWith(in []int, sep string, per func(s int) string, join func(v, tag string) string) string {
	var vals []string
	sets := map[string][]int{}
	for _, s := range in {
		v := per(s)
		if _, ok := sets[v]; !ok {
			vals = append(vals, v)
		}
		sets[v] = append(sets[v], s)
	}
	if len(vals) == 1 {
		return vals[0]
	}
	var parts []string
	for _, v := range vals {
		parts = append(parts, join(v, g.tag(sets[v])))
	}
	return strings.Join(parts, sep)
}

// union is every item per gives in the builds in, in the order first met,
// each that not all of them have followed by the sets that do.
func (g *gen) union(in []int, per func(s int) []string) []string {
	order, has := unionSets(in, per)
	var out []string
	for _, it := range order {
		if len(has[it]) < len(in) {
			it += " " + g.tag(has[it])
		}
		out = append(out, it)
	}
	return out
}

// unionSets is every item per gives in the builds in, in the order first
// met, and the builds that have each.
func unionSets(in []int, per func(s int) []string) ([]string, map[string][]int) {
	var order []string
	has := map[string][]int{}
	for _, s := range in {
		for _, it := range per(s) {
			if l := has[it]; len(l) > 0 && l[len(l)-1] == s {
				continue
			}
			if has[it] == nil {
				order = append(order, it)
			}
			has[it] = append(has[it], s)
		}
	}
	return order, has
}

// tag names the sets of builds, in emphasis: *(preview, stable)*.
func (g *gen) tag(builds []int) string {
	names := g.setNames(builds)
	if len(names) == 0 {
		return ""
	}
	return "*(" + text(strings.Join(names, ", ")) + ")*"
}
