package applyconfig

// This file implements the functions of an apply configuration type: the
// Extract functions of a root, a With function per member, and the getters
// that Apply needs (name, namespace, kind and API version).

import (
	"slices"

	"github.com/crdgen/crdgen/pkg/model"
)

// genExtract writes a root's Extract functions: from any subresource, from
// the main resource, and one per subresource (status when the type has a
// Status member).
func (g *typeGen) genExtract() {
	name := public(g.at.t.Ident.Name)
	obj := private(g.at.t.Ident.Name)
	g.f.p("\n// Extract%sFrom extracts the applied configuration owned by fieldManager from\n", name)
	g.f.p("// %s for the specified subresource. Pass an empty string for subresource to extract\n", obj)
	g.f.p("// the main resource. Common subresources include \"status\", \"scale\", etc.\n")
	g.f.p("// %s must be a unmodified %s API object that was retrieved from the Kubernetes API.\n", obj, name)
	g.f.p("// Extract%sFrom provides a way to perform a extract/modify-in-place/apply workflow.\n", name)
	g.f.p("// Note that an extracted apply configuration will contain fewer fields than what the fieldManager previously\n")
	g.f.p("// applied if another fieldManager has updated or force applied any of the previously applied fields.\n")
	api := g.f.qual(g.at.t.Ident)
	g.f.p("func Extract%sFrom(%s *%s, fieldManager string, subresource string) (*%s, error) {\n", name, obj, api, g.acName)
	g.f.p("b := &%s{}\n", g.acName)
	extract := g.f.qual(model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/util/managedfields", Name: "ExtractInto"})
	parser := g.f.qual(model.GoIdent{ImportPath: g.pl.out + "/internal", Name: "Parser"})
	g.f.p("err := %s(%s, %s().Type(%q), fieldManager, b, subresource)\n", extract, obj, parser, g.at.openAPIName)
	g.f.p("if err != nil {\nreturn nil, err\n}\nb.WithName(%s.Name)\n", obj)
	if !g.at.tags.nonNamespaced {
		g.f.p("b.WithNamespace(%s.Namespace)\n", obj)
	}
	g.f.p("\nb.WithKind(%q)\nb.WithAPIVersion(%q)\nreturn b, nil\n}\n", name, g.apiVersion())

	g.f.p("\n// Extract%s extracts the applied configuration owned by fieldManager from\n", name)
	g.f.p("// %s. If no managedFields are found in %s for fieldManager, a\n", obj, obj)
	g.f.p("// %s is returned with only the Name, Namespace (if applicable),\n", g.acName)
	g.f.p("// APIVersion and Kind populated. It is possible that no managed fields were found for because other\n")
	g.f.p("// field managers have taken ownership of all the fields previously owned by fieldManager, or because\n")
	g.f.p("// the fieldManager never owned fields any fields.\n")
	g.f.p("// %s must be a unmodified %s API object that was retrieved from the Kubernetes API.\n", obj, name)
	g.f.p("// Extract%s provides a way to perform a extract/modify-in-place/apply workflow.\n", name)
	g.f.p("// Note that an extracted apply configuration will contain fewer fields than what the fieldManager previously\n")
	g.f.p("// applied if another fieldManager has updated or force applied any of the previously applied fields.\n")
	g.f.p("func Extract%s(%s *%s, fieldManager string) (*%s, error) {\n", name, obj, api, g.acName)
	g.f.p("return Extract%sFrom(%s, fieldManager, \"\")\n}\n", name, obj)

	for _, sub := range g.subresources() {
		title := public(sub)
		g.f.p("\n// Extract%s%s extracts the applied configuration owned by fieldManager from\n", name, title)
		g.f.p("// %s for the %s subresource.\n", obj, sub)
		g.f.p("func Extract%s%s(%s *%s, fieldManager string) (*%s, error) {\n", name, title, obj, api, g.acName)
		g.f.p("return Extract%sFrom(%s, fieldManager, %q)\n}\n", name, obj, sub)
	}
}

// subresources are "status" (for a Status member, unless
// +genclient:noStatus) and those of +genclient:method tags, sorted.
func (g *typeGen) subresources() []string {
	subs := slices.Clone(g.at.tags.subresources)
	if !g.at.tags.noStatus && slices.ContainsFunc(g.at.s.members, func(m *member) bool { return m.name == "Status" }) {
		subs = append(subs, "status")
	}
	slices.Sort(subs)
	return slices.Compact(subs)
}

// withCtx is one member's With function being written.
type withCtx struct {
	m     *member
	mt    *shape // the member's type in the apply configuration
	embed *embedding
}

// genWiths writes the With functions of a struct's members, those of
// embedded structs in place (a Go name is written once, at its first
// place), and an ensure function after an embedded struct that is not
// inline (its apply configuration is a pointer).
func (g *typeGen) genWiths(s *shape, embed *embedding, done map[string]bool) {
	for _, m := range s.members {
		if !visible(s, m) || done[m.name] {
			continue
		}
		done[m.name] = true
		c := withCtx{m: m, mt: g.pl.memberAC(m.typ), embed: embed}
		switch elem := m.typ.deref(); {
		case m.embedded:
			g.genWiths(m.typ, &embedding{mt: c.mt, inline: m.tag.inline}, done)
			if !m.tag.inline && c.mt.elem != nil {
				e := public(c.mt.elem.id.Name)
				g.f.p("\nfunc (b *%s) ensure%sExists() {\nif b.%s == nil {\nb.%s = &%s{}\n}\n}\n", g.acName, e, e, e, g.f.raw(c.mt.elem))
			}
		case elem.kind == kindSlice && g.pl.isAC(elem.elem):
			g.genWithSlice(c, &shape{kind: kindPointer, elem: c.mt.elem})
		case m.typ.kind == kindSlice:
			g.genWithSlice(c, c.mt.elem)
		case m.typ.kind == kindMap:
			g.genWithMap(c)
		default:
			g.genWith(c)
		}
	}
}

// ensureEmbed writes the call that makes an embedded struct that is not
// inline exist before a With function sets one of its fields.
func (g *typeGen) ensureEmbed(e *embedding) {
	if e != nil && !e.inline && e.mt.elem != nil {
		g.f.p("b.ensure%sExists()\n", public(e.mt.elem.id.Name))
	}
}

func (g *typeGen) genWith(c withCtx) {
	n := c.m.name
	g.f.p("\n// With%s sets the %s field in the declarative configuration to the given value\n", n, n)
	g.f.p("// and returns the receiver, so that objects can be built by chaining \"With\" function invocations.\n")
	g.f.p("// If called multiple times, the %s field is set to the value of the last call.\n", n)
	g.f.p("func (b *%s) With%s(value %s) *%s {\n", g.acName, n, g.f.raw(c.mt), g.acName)
	g.ensureEmbed(c.embed)
	ref := "&"
	if g.pl.isAC(c.m.typ) || c.m.typ.nillable() {
		ref = ""
	}
	g.f.p("b%s.%s = %svalue\nreturn b\n}\n", c.embed.path(), n, ref)
}

func (g *typeGen) genWithSlice(c withCtx, arg *shape) {
	n, at := c.m.name, "b"+c.embed.path()+"."+c.m.name
	ptrSlice := c.m.typ.kind == kindPointer
	if ptrSlice {
		e := public(c.mt.elem.id.Name)
		g.f.p("\nfunc (b *%s) ensure%sExists() {\nif b.%s == nil {\nb.%s = &[]%s{}\n}\n}\n", g.acName, e, n, n, g.f.raw(c.mt.elem))
		at = "*" + at
	}
	g.f.p("\n// With%s adds the given value to the %s field in the declarative configuration\n", n, n)
	g.f.p("// and returns the receiver, so that objects can be build by chaining \"With\" function invocations.\n")
	g.f.p("// If called multiple times, values provided by each call will be appended to the %s field.\n", n)
	g.f.p("func (b *%s) With%s(values ...%s) *%s {\n", g.acName, n, g.f.raw(arg), g.acName)
	g.ensureEmbed(c.embed)
	if ptrSlice {
		g.f.p("b.ensure%sExists()\n", public(c.mt.elem.id.Name))
	}
	g.f.p("for i := range values {\n")
	value := "values[i]"
	if arg.kind == kindPointer {
		g.f.p("if values[i] == nil {\npanic(\"nil value passed to With%s\")\n}\n", n)
		value = "*values[i]"
	}
	g.f.p("%s = append(%s, %s)\n}\nreturn b\n}\n", at, at, value)
}

func (g *typeGen) genWithMap(c withCtx) {
	n, at := c.m.name, "b"+c.embed.path()+"."+c.m.name
	g.f.p("\n// With%s puts the entries into the %s field in the declarative configuration\n", n, n)
	g.f.p("// and returns the receiver, so that objects can be build by chaining \"With\" function invocations.\n")
	g.f.p("// If called multiple times, the entries provided by each call will be put on the %s field,\n", n)
	g.f.p("// overwriting an existing map entries in %s field with the same key.\n", n)
	mt := g.f.raw(c.mt)
	g.f.p("func (b *%s) With%s(entries %s) *%s {\n", g.acName, n, mt, g.acName)
	g.ensureEmbed(c.embed)
	g.f.p("if %s == nil && len(entries) > 0 {\n%s = make(%s, len(entries))\n}\n", at, at, mt)
	g.f.p("for k, v := range entries {\n%s[k] = v\n}\nreturn b\n}\n", at)
}

// genGetters writes the getters of the fields Apply reads: ObjectMeta's
// Name and Namespace, TypeMeta's Kind and APIVersion, reached through
// embedded members.
func (g *typeGen) genGetters(s *shape, embed *embedding) {
	for _, m := range s.members {
		if !visible(s, m) {
			continue
		}
		c := withCtx{m: m, mt: g.pl.memberAC(m.typ), embed: embed}
		if m.embedded {
			g.genGetters(m.typ, &embedding{mt: c.mt, inline: m.tag.inline})
			continue
		}
		if !needsGetter(s.id, m.name) {
			continue
		}
		ptr := "*"
		if g.pl.isAC(m.typ) || m.typ.nillable() {
			ptr = ""
		}
		g.f.p("\n// Get%s retrieves the value of the %s field in the declarative configuration.\n", m.name, m.name)
		g.f.p("func (b *%s) Get%s() %s%s {\n", g.acName, m.name, ptr, g.f.raw(c.mt))
		g.ensureEmbed(embed)
		g.f.p("return b%s.%s\n}\n", embed.path(), m.name)
	}
}

// needsGetter reports whether Apply reads a member of a metav1 struct.
func needsGetter(owner model.GoIdent, name string) bool {
	if owner.ImportPath != metav1Path {
		return false
	}
	switch owner.Name {
	case "ObjectMeta":
		return name == "Name" || name == "Namespace"
	case "TypeMeta":
		return name == "Kind" || name == "APIVersion"
	}
	return false
}
