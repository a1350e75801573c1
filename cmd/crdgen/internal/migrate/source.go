package migrate

// This file implements the files migrate reads and changes: their content,
// positions in them, the controller-gen invocations found in them (sites),
// and the edits that rewrite them.

import (
	"go/token"
	"path"
	"slices"
	"strings"
)

// source is one file migrate reads.
type source struct {
	// Name is its path relative to the project, for messages; Path its
	// absolute path.
	Name, Path string
	Data       string
	// lineStarts are the offsets at which its lines start.
	lineStarts []int
}

func newSource(name, path, data string) *source {
	s := &source{Name: name, Path: path, Data: data, lineStarts: []int{0}}
	for i := 0; i < len(data); i++ {
		if data[i] == '\n' {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	return s
}

// pos is the position of an offset (columns count bytes from 1).
func (s *source) pos(off int) token.Position {
	i, found := slices.BinarySearch(s.lineStarts, off)
	if !found {
		i--
	}
	return token.Position{Filename: s.Path, Line: i + 1, Column: off - s.lineStarts[i] + 1}
}

// logicalLine is a line with its continuation lines (a last backslash
// joins the next), from Start to End (without the newline).
type logicalLine struct {
	Start, End int
}

// logicalLines are the source's lines, continuations joined.
func (s *source) logicalLines() []logicalLine {
	var out []logicalLine
	start := 0
	for i := 0; i <= len(s.Data); i++ {
		if i < len(s.Data) && s.Data[i] != '\n' {
			continue
		}
		if i < len(s.Data) && continued(s.Data[start:i]) {
			continue
		}
		if start < len(s.Data) || i > start {
			out = append(out, logicalLine{start, i})
		}
		start = i + 1
	}
	return out
}

// continued reports whether a line ends in an odd number of backslashes.
func continued(line string) bool {
	n := len(line) - len(strings.TrimRight(line, `\`))
	return n%2 == 1
}

// siteKind is where an invocation is.
type siteKind int

const (
	inMakefile siteKind = iota
	inScript
	inGoGenerate
)

// runner is how a line runs controller-gen.
type runner int

const (
	binary runner = iota // a path or a variable holding one
	goRun                // go run sigs.k8s.io/controller-tools/cmd/controller-gen[@V]
	goTool               // go tool controller-gen
)

// site is one controller-gen invocation: the bytes from its command word
// to its last argument, which become crdgen's command line.
type site struct {
	src        *source
	kind       siteKind
	Start, End int
	runner     runner
	// quoted says the command word was in double quotes ("$(CONTROLLER_GEN)").
	quoted bool
	// cmdVar is the variable the command word is ($(CONTROLLER_GEN)).
	cmdVar string
	args   []arg
	// target is the make rule whose recipe the line is in.
	target *rule
	// dir is where the line runs, relative to the project: a cd DIR before
	// it on a recipe line ("": the project's directory).
	dir string
}

// edit replaces the bytes Start to End of a file with Text.
type edit struct {
	Start, End int
	Text       string
}

// applyEdits returns data with the edits made; they do not overlap.
func applyEdits(data string, edits []edit) string {
	slices.SortStableFunc(edits, func(a, b edit) int { return a.Start - b.Start })
	var b strings.Builder
	at := 0
	for _, e := range edits {
		b.WriteString(data[at:e.Start])
		b.WriteString(e.Text)
		at = e.End
	}
	b.WriteString(data[at:])
	return b.String()
}

// isControllerGenPath reports whether a command word names controller-gen's
// binary (controller-gen, bin/controller-gen, $(LOCALBIN)/controller-gen).
func isControllerGenPath(w string) bool {
	return path.Base(w) == "controller-gen" || strings.HasSuffix(w, "/controller-gen")
}

// controllerGenPackage is controller-gen's package.
const controllerGenPackage = "sigs.k8s.io/controller-tools/cmd/controller-gen"

// commandAt says whether the command of words starts with controller-gen,
// how it runs it, and how many words that takes; named reports whether a
// single-word command names it (a variable's name or value).
func commandAt(words []word, named func(w word) bool) (runner, int, bool) {
	if len(words) == 0 || words[0].Op != "" {
		return 0, 0, false
	}
	if len(words) >= 3 && words[0].Value == "go" && words[1].Value == "run" && strings.HasPrefix(words[2].Value, controllerGenPackage) {
		return goRun, 3, true
	}
	if len(words) >= 3 && words[0].Value == "go" && words[1].Value == "tool" && isControllerGenPath(words[2].Value) {
		return goTool, 3, true
	}
	if isControllerGenPath(words[0].Value) || named(words[0]) {
		return binary, 1, true
	}
	return 0, 0, false
}

// commands splits words into commands at the operators that end one.
func commands(words []word) [][]word {
	var out [][]word
	start := 0
	for i, w := range words {
		if w.Op != "" && endsCommand(w.Op) {
			out = append(out, words[start:i])
			start = i + 1
		}
	}
	return append(out, words[start:])
}

// skipAssignments drops the NAME=value words before a command.
func skipAssignments(words []word) []word {
	for len(words) > 0 && words[0].Op == "" && isAssignment(words[0].Value) {
		words = words[1:]
	}
	return words
}

func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// argsOf are the argument words of a command after its command words, up
// to a redirection.
func argsOf(words []word, n int) []word {
	var out []word
	for _, w := range words[n:] {
		if w.Op != "" {
			break
		}
		out = append(out, w)
	}
	return out
}
