package parser

// This file implements how marker comments attach to Go declarations. It
// reproduces controller-gen's rule, so that a repository switches with zero
// marker edits:
//
//   - a type or field takes the markers of its doc comment and of the
//     nearest comment group above it (even one separated by a blank line);
//   - a single-spec type declaration hands its comments to the type;
//   - at the top level of a file, every other comment group belongs to the
//     package, as do groups after the last declaration;
//   - a non-doc group above a type whose marker is only defined for
//     packages moves to the package;
//   - comments inside function bodies, grouped type declarations' own docs,
//     and the docs of var, const, import and func declarations attach to
//     nothing (they are reported back as "ignored" so crdgen can warn).

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/crdgen/crdgen/pkg/model"
)

// rawMarker is one marker comment before parsing.
type rawMarker struct {
	comment *ast.Comment
	// fromDoc is true when the comment is part of the node's doc comment.
	fromDoc bool
}

// text returns the marker text, from its '+' on, and the byte offset of
// that '+' inside the comment.
func (m rawMarker) text() (string, int) {
	body := m.comment.Text[2:]
	trimmed := strings.TrimLeft(body, " \t")
	return strings.TrimRight(trimmed, " \t\r"), 2 + len(body) - len(trimmed)
}

// isMarkerComment reports whether a comment is a marker: a line comment
// whose text after blanks starts with '+'.
func isMarkerComment(text string) bool {
	if !strings.HasPrefix(text, "//") {
		return false
	}
	return strings.HasPrefix(strings.TrimSpace(text[2:]), "+")
}

// fileMarkers is the result of associating one file's marker comments.
type fileMarkers struct {
	pkg   []rawMarker
	nodes map[ast.Node][]rawMarker
	// ignored are markers in comments that attach to nothing.
	ignored []rawMarker
}

// associate attaches the marker comments of f to its package, type specs and
// fields. isTypeMarker and isPackageMarker say whether a marker text names a
// definition for those targets; they decide where a non-doc group above a
// type goes.
func associate(f *ast.File, isTypeMarker, isPackageMarker func(text string) bool) fileMarkers {
	a := &associator{groups: f.Comments, out: fileMarkers{nodes: map[ast.Node][]rawMarker{}}}
	// The walk keeps a stack of the nodes it is inside (a visitor per node
	// was an allocation per node, most of what association allocated).
	var stack []assocFrame
	ast.Inspect(f, func(node ast.Node) bool {
		if node == nil {
			fr := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			a.leave(fr)
			return false
		}
		top := len(stack) == 0 || stack[len(stack)-1].childrenTop
		a.enter(node, top)
		_, isFile := node.(*ast.File)
		stack = append(stack, assocFrame{node: node, childrenTop: isFile})
		return true
	})
	a.out.pkg = append(a.out.pkg, a.between(a.next, len(a.groups), false)...)

	// In source order: the package's markers are a list, which the build
	// keys hash and where the first of two conflicting markers is reported.
	for _, node := range a.typeSpecs {
		ms := a.out.nodes[node]
		kept := ms[:0]
		for _, m := range ms {
			text, _ := m.text()
			if !m.fromDoc && !isTypeMarker(text) && isPackageMarker(text) {
				a.out.pkg = append(a.out.pkg, m)
				continue
			}
			kept = append(kept, m)
		}
		a.out.nodes[node] = kept
	}
	return a.out
}

type associator struct {
	groups []*ast.CommentGroup
	// next is the index of the first comment group not yet consumed.
	next int
	// lastLine is the trailing line comment of the last field or spec seen.
	lastLine *ast.CommentGroup
	// declMarkers carries a single-spec type declaration's markers to its spec.
	declMarkers []rawMarker
	// typeSpecs are the type specs seen, in source order.
	typeSpecs []*ast.TypeSpec
	out       fileMarkers
}

// between returns the markers of comment groups [from, to).
func (a *associator) between(from, to int, fromDoc bool) []rawMarker {
	var out []rawMarker
	for i := max(from, 0); i < to && i < len(a.groups); i++ {
		for _, c := range a.groups[i].List {
			if isMarkerComment(c.Text) {
				out = append(out, rawMarker{comment: c, fromDoc: fromDoc})
			}
		}
	}
	return out
}

// assocFrame is a node the walk is inside; childrenTop is set for the
// file, whose direct children's stray comments belong to the package.
type assocFrame struct {
	node        ast.Node
	childrenTop bool
}

// leave is the walk leaving a node: comments inside it that nothing
// claimed are consumed.
func (a *associator) leave(fr assocFrame) {
	if fr.childrenTop {
		return
	}
	for a.next < len(a.groups) && a.groups[a.next].Pos() < fr.node.End() {
		a.next++
	}
}

// enter is the walk, in source order, entering a node; top is true for the
// file and its direct children.
func (a *associator) enter(node ast.Node, top bool) {
	if a.lastLine != nil && a.next < len(a.groups) && a.groups[a.next] == a.lastLine {
		a.next++
	}
	// last is the last unconsumed group that starts before node.
	last := a.next - 1
	for last+1 < len(a.groups) && a.groups[last+1].Pos() < node.Pos() {
		last++
	}
	var doc *ast.CommentGroup
	doc, a.lastLine = docAndLineComment(node)
	markerIdx := last
	if doc != nil && markerIdx >= 0 && a.groups[markerIdx] == doc {
		markerIdx--
	}
	var block, docBlock []rawMarker
	if markerIdx >= a.next {
		if top {
			a.out.pkg = append(a.out.pkg, a.between(a.next, markerIdx, false)...)
		}
		block = a.between(markerIdx, markerIdx+1, false)
	}
	docBlock = a.between(max(markerIdx+1, a.next), last+1, true)

	switch n := node.(type) {
	case *ast.GenDecl:
		if n.Lparen.IsValid() || n.Tok != token.TYPE {
			a.out.pkg = append(a.out.pkg, block...)
			a.out.ignored = append(a.out.ignored, docBlock...)
			break
		}
		a.declMarkers = append(append(a.declMarkers, block...), docBlock...)
	case *ast.TypeSpec:
		ms := append(append(a.declMarkers, block...), docBlock...)
		a.out.nodes[n] = append(a.out.nodes[n], ms...)
		a.declMarkers = nil
		a.typeSpecs = append(a.typeSpecs, n)
	case *ast.Field:
		a.out.nodes[n] = append(a.out.nodes[n], append(block, docBlock...)...)
	case *ast.File:
		a.out.pkg = append(append(a.out.pkg, block...), docBlock...)
	case *ast.FuncDecl:
		if top {
			a.out.pkg = append(a.out.pkg, block...)
		}
		a.out.ignored = append(a.out.ignored, docBlock...)
	default:
		if top {
			a.out.pkg = append(a.out.pkg, block...)
		}
	}
	a.next = last + 1
}

func docAndLineComment(node ast.Node) (doc, line *ast.CommentGroup) {
	switch n := node.(type) {
	case *ast.Field:
		return n.Doc, n.Comment
	case *ast.File:
		return n.Doc, nil
	case *ast.FuncDecl:
		return n.Doc, nil
	case *ast.GenDecl:
		return n.Doc, nil
	case *ast.ImportSpec:
		return n.Doc, n.Comment
	case *ast.TypeSpec:
		return n.Doc, n.Comment
	case *ast.ValueSpec:
		return n.Doc, n.Comment
	}
	return nil, nil
}

// docText returns a doc comment with marker lines removed, formatted the way
// controller-gen formats descriptions: go/ast's Text, blank lines kept as
// paragraph breaks, lines starting with TODO dropped, everything from a line
// starting with --- cut (both outside fenced code blocks), and lines of a
// /* */ comment trimmed.
func docText(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	kept := &ast.CommentGroup{}
	asterisk := false
	for _, c := range cg.List {
		if isMarkerComment(c.Text) {
			continue
		}
		kept.List = append(kept.List, c)
		if strings.HasPrefix(c.Text, "/*") {
			asterisk = true
		}
	}
	if len(kept.List) == 0 {
		return ""
	}
	lines := strings.Split(kept.Text(), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	out := make([]string, 0, len(lines))
	inCode := false
	for _, line := range lines {
		if asterisk {
			line = strings.TrimSpace(line)
		}
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			inCode = !inCode
		}
		if !inCode {
			if strings.HasPrefix(line, "TODO") {
				continue
			}
			if strings.HasPrefix(line, "---") {
				break
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// gengoComments returns the comment blocks above the declaration whose name
// is at pos, found by line as k8s.io/gengo finds them (code-generator's
// apply configurations copy them): the block ending on the line above, and
// the one ending two lines above that. Only the patterns' API packages are
// read this way, and only with Options.Comments.
func (b *builder) gengoComments(ps *pkgSyntax, pos token.Pos) model.Comments {
	if !b.l.opts.Comments || ps == nil || ps.pkg == nil || !ps.pkg.Root || !pos.IsValid() {
		return model.Comments{}
	}
	var file *ast.File
	for _, f := range ps.files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			file = f
			break
		}
	}
	if file == nil {
		return model.Comments{}
	}
	ends := ps.commentEnds[file]
	if ends == nil {
		ends = map[int]*ast.CommentGroup{}
		for _, cg := range file.Comments {
			ends[b.l.fset.Position(cg.End()).Line] = cg
		}
		if ps.commentEnds == nil {
			ps.commentEnds = map[*ast.File]map[int]*ast.CommentGroup{}
		}
		ps.commentEnds[file] = ends
	}
	line := b.l.fset.Position(pos).Line
	closest := ends[line-1]
	above := line
	if closest != nil {
		above = b.l.fset.Position(closest.Pos()).Line
	}
	return model.Comments{Closest: commentLines(closest), Detached: commentLines(ends[above-2])}
}

// commentLines splits a comment group's text into lines, as gengo does.
func commentLines(cg *ast.CommentGroup) []string {
	if cg == nil {
		return nil
	}
	text := strings.TrimRight(cg.Text(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}
