package applyconfig

// This file implements the file of one apply configuration type: the
// struct, its constructor, the Extract functions of a root, and a With
// function per member (members of embedded structs included), in the
// order and words code-generator writes them.

import (
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/model"
)

// typeGen writes one type's file.
type typeGen struct {
	f  *goFile
	pl *plan
	at *acType
	// acName is the apply configuration's name, "<Type>ApplyConfiguration".
	acName string
}

// embedding is the embedded member whose fields a With function sets.
type embedding struct {
	mt     *shape // the member's apply configuration shape
	inline bool
}

// path is how a With function reaches the embedded struct: "" at the top,
// ".<Name>" inside an embedded one.
func (e *embedding) path() string {
	switch {
	case e == nil:
		return ""
	case e.mt.named():
		return "." + e.mt.id.Name
	case e.mt.elem != nil:
		return "." + e.mt.elem.id.Name
	}
	return ""
}

// genTypeFile writes the file of one apply configuration type.
func (pl *plan) genTypeFile(at *acType) *goFile {
	g := &typeGen{f: newGoFile(pl.ac, strings.ToLower(pl.version)), pl: pl, at: at, acName: public(at.t.Ident.Name) + acSuffix}
	g.genStruct()
	if at.tags.generate {
		g.genClientConstructor()
		if at.openAPIName != "" {
			g.genExtract()
		}
	} else {
		g.genConstructor()
	}
	if at.tags.generate || embeds(at.s, "TypeMeta") {
		g.f.p("\nfunc (b %s) IsApplyConfiguration() {}\n", g.acName)
	}
	g.genWiths(at.s, nil, map[string]bool{})
	g.genGetters(at.s, nil)
	return g.f
}

// acSuffix ends the name of every apply configuration type.
const acSuffix = "ApplyConfiguration"

// public and private are gengo's namers for a type name: its first letter
// upper- or lower-cased.
func public(name string) string  { return strings.ToUpper(name[:1]) + name[1:] }
func private(name string) string { return strings.ToLower(name[:1]) + name[1:] }

// acFor is the type a member has in an apply configuration: the apply
// configuration of a struct that has one (through pointers), a list or map
// of them for a slice or map of such structs, else the member's own type.
func (pl *plan) acFor(s *shape) *shape {
	switch s.kind {
	case kindStruct:
		if ac, ok := pl.refs[s.id]; ok && s.named() {
			return &shape{kind: kindStruct, id: model.GoIdent{ImportPath: ac, Name: s.id.Name + acSuffix}}
		}
	case kindMap:
		if _, ok := pl.refs[s.elem.id]; ok && s.elem.named() {
			return &shape{kind: kindMap, key: pl.acFor(s.key), elem: pl.acFor(s.elem)}
		}
	case kindSlice:
		if _, ok := pl.refs[s.elem.id]; ok && s.elem.named() {
			return &shape{kind: kindSlice, elem: pl.acFor(s.elem)}
		}
	case kindPointer:
		return pl.acFor(s.elem)
	}
	return s
}

// isAC reports whether a member's type is (a pointer to) a struct with an
// apply configuration.
func (pl *plan) isAC(s *shape) bool {
	switch s.kind {
	case kindStruct:
		_, ok := pl.refs[s.id]
		return ok && s.named()
	case kindPointer:
		return pl.isAC(s.elem)
	}
	return false
}

// memberAC is a member's type in With functions: acFor, as a pointer when
// it is an apply configuration.
func (pl *plan) memberAC(s *shape) *shape {
	mt := pl.acFor(s)
	if pl.isAC(s) {
		mt = &shape{kind: kindPointer, elem: mt}
	}
	return mt
}

// visible reports whether a member has a place in an apply configuration:
// a json tag, and not one of ObjectMeta's server-owned fields.
func visible(owner *shape, m *member) bool {
	if !m.tag.ok || strings.HasPrefix(m.name, "ZZZ_") {
		return false
	}
	return owner.id != model.GoIdent{ImportPath: metav1Path, Name: "ObjectMeta"} || m.name != "ManagedFields" && m.name != "SelfLink"
}

func (g *typeGen) genStruct() {
	name := public(g.at.t.Ident.Name)
	g.f.p("// %s represents a declarative configuration of the %s type for use\n// with apply.\n", g.acName, name)
	t := g.at.t
	if doc := commentText(slices.Concat(t.Comments.Detached, t.Comments.Closest)); doc != "" {
		g.f.p("//\n%s", doc)
	}
	g.f.p("type %s struct {\n", g.acName)
	for _, m := range g.at.s.members {
		if !visible(g.at.s, m) {
			continue
		}
		tag := m.tag
		if !tag.inline {
			tag.omitEmpty = true
		}
		if m.f != nil {
			g.f.p("%s", commentText(m.f.Comments.Closest))
		}
		mt := g.f.raw(g.pl.acFor(m.typ))
		switch {
		case m.embedded && tag.inline:
			g.f.p("%s `json:\"%s\"`\n", mt, tag)
		case m.embedded:
			g.f.p("*%s `json:\"%s\"`\n", mt, tag)
		case m.typ.nillable():
			g.f.p("%s %s `json:\"%s\"`\n", m.name, mt, tag)
		default:
			g.f.p("%s *%s `json:\"%s\"`\n", m.name, mt, tag)
		}
	}
	g.f.p("}\n")
}

// commentText writes comment lines as code-generator copies them: each
// trimmed and behind "// ", marker lines (those starting with '+') left out.
func commentText(lines []string) string {
	var b strings.Builder
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "+") {
			continue
		}
		b.WriteString("// " + line + "\n")
	}
	return b.String()
}

func (g *typeGen) apiVersion() string {
	if g.pl.group == "" {
		return g.pl.version
	}
	return g.pl.group + "/" + g.pl.version
}

// genClientConstructor writes a root's constructor, which names the object.
func (g *typeGen) genClientConstructor() {
	name := public(g.at.t.Ident.Name)
	g.f.p("\n// %s constructs a declarative configuration of the %s type for use with\n// apply.\n", name, name)
	if g.at.tags.nonNamespaced {
		g.f.p("func %s(name string) *%s {\n", name, g.acName)
	} else {
		g.f.p("func %s(name, namespace string) *%s {\n", name, g.acName)
	}
	g.f.p("b := &%s{}\nb.WithName(name)\n", g.acName)
	if !g.at.tags.nonNamespaced {
		g.f.p("b.WithNamespace(namespace)\n")
	}
	g.f.p("b.WithKind(%q)\nb.WithAPIVersion(%q)\nreturn b\n}\n", name, g.apiVersion())
}

// genConstructor writes the constructor of a type that is not a root.
func (g *typeGen) genConstructor() {
	name := public(g.at.t.Ident.Name)
	g.f.p("\n// %s constructs a declarative configuration of the %s type for use with\n// apply.\n", g.acName, name)
	g.f.p("func %s() *%s {\n", name, g.acName)
	if embeds(g.at.s, "TypeMeta") {
		g.f.p("b := &%s{}\nb.WithKind(%q)\nb.WithAPIVersion(%q)\nreturn b\n}\n", g.acName, name, g.apiVersion())
		return
	}
	g.f.p("return &%s{}\n}\n", g.acName)
}
