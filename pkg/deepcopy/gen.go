package deepcopy

// This file implements the state of writing one package's methods: the
// code written so far, the imports it needs, and the problems met, which
// a field or a type can take back (with the imports it added) so that the
// rest is still written.

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// gen writes the methods of the types of one package.
type gen struct {
	pkg     *model.Package
	imports *importList
	w       bytes.Buffer
	// problems are what the code being written cannot copy, in
	// controller-gen's words ("invalid field type: func()").
	problems []string
	// typ is the type whose methods are being written; diags collects
	// the problems, reported at the field or type they are in.
	typ   *model.Type
	diags *markers.ErrorList
	// run is what the whole run generates.
	run *run
}

// name is how the type being copied is spelled in make, new and var: the
// name of the type whose methods are written, or a declared type.
type name struct {
	override string
	t        model.TypeExpr
}

func (g *gen) line(s string) { g.w.WriteString(s + "\n") }

func (g *gen) linef(format string, args ...any) { fmt.Fprintf(&g.w, format+"\n", args...) }

func (g *gen) fail(format string, args ...any) {
	g.problems = append(g.problems, fmt.Sprintf(format, args...))
}

// spell writes a name, importing what it needs.
func (g *gen) spell(n name) string {
	if n.override != "" {
		return n.override
	}
	return g.typeName(n.t)
}

// typeName writes a declared type with import aliases (controller-gen's
// namingInfo.Syntax): named types by their own name, whatever they are.
func (g *gen) typeName(t model.TypeExpr) string {
	switch x := t.(type) {
	case *model.Named:
		if x.Type.Ident.ImportPath == g.pkg.Path {
			return x.Type.Ident.Name
		}
		return g.imports.need(string(x.Type.Ident.ImportPath)) + "." + x.Type.Ident.Name
	case *model.Basic:
		return x.Name
	case *model.Pointer:
		return "*" + g.typeName(x.Elem)
	case *model.Slice:
		return "[]" + g.typeName(x.Elem)
	case *model.Map:
		key := g.typeName(x.Key)
		return "map[" + key + "]" + g.typeName(x.Elem)
	}
	g.fail("name requested for invalid type: %s", t)
	return t.String()
}

// mark is where the output stood before a field or type was written.
type mark struct {
	out, problems int
	imports       *importList
}

func (g *gen) mark() mark {
	return mark{out: g.w.Len(), problems: len(g.problems), imports: g.imports.clone()}
}

// undo takes back what was written since m when it met a problem, and
// returns the first problem.
func (g *gen) undo(m mark) (string, bool) {
	if len(g.problems) == m.problems {
		return "", false
	}
	first := g.problems[m.problems]
	for _, p := range g.problems[m.problems:] {
		// "name requested" comes first, from the make or new before the
		// elements; the problem with the elements says more.
		if !strings.HasPrefix(p, "name requested") {
			first = p
			break
		}
	}
	g.w.Truncate(m.out)
	g.imports = m.imports
	g.problems = g.problems[:m.problems]
	return first, true
}

// undoField reports a field that cannot be copied, and leaves it to the
// shallow copy of the struct (the file is not written anyway).
func (g *gen) undoField(m mark, f *model.Field) {
	if problem, ok := g.undo(m); ok {
		g.diags.Errorf(f.Pos, markers.CodeDeepCopy,
			"cannot deep-copy field %q of %s (%s); write %s's DeepCopyInto by hand, or mark %s +kubebuilder:object:generate=false",
			f.GoName, g.typ.Ident.Name, problem, g.typ.Ident.Name, g.typ.Ident.Name)
	}
}
