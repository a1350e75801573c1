package migrate

// This file implements reading a Makefile as far as migrate needs: its
// variables (=, :=, ::=, ?=, +=; != and function calls cannot be expanded
// without running make), its rules with their prerequisites and recipes,
// define blocks (go-install-tool), and the controller-gen invocations in
// the recipes, with the scripts the recipes run. Conditionals are not
// evaluated: every assignment counts, in the file's order.

import (
	"github.com/crdgen/crdgen/internal/safefile"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
)

// makefile is a Makefile, read.
type makefile struct {
	src  *source
	vars map[string]*variable
	// order are the variables' names in the order first assigned.
	rules []*rule
	// defines are the names of define blocks.
	defines map[string]bool
	// firstRule is the offset of the first rule line (or .PHONY).
	firstRule int
	sites     []*site
	// scripts are the scripts recipes run, with the recipe words that
	// run them.
	scripts []scriptRun
}

// variable is one Makefile variable.
type variable struct {
	Value string
	// lineEnd is the offset of the end of its (last) assignment line in
	// the Makefile, -1 when that was in an included file.
	lineEnd int
	// raw is its value as last assigned, unexpanded.
	raw string
}

// rule is a rule line: its targets and the bytes of its prerequisites.
type rule struct {
	Targets                []string
	PrereqStart, PrereqEnd int
	// recipeEnd is the end of its last recipe line.
	recipeEnd int
	// recipe is the recipe's text, for checking what it installs.
	recipe string
}

// scriptRun is a recipe's command that runs a script.
type scriptRun struct {
	path string // as the recipe names it, relative to the project
	at   int    // the offset of the command's first word
	rule *rule
	dir  string // a cd DIR before it on the line
}

// name is the script's path relative to the project, slash-separated.
func (r scriptRun) name() string {
	return filepath.ToSlash(filepath.Clean(filepath.Join(r.dir, r.path)))
}

var assignRE = regexp.MustCompile(`^(?:(?:export|override)\s+)*([^\s:#=?+!$()]+)\s*(\?=|::=|:::=|:=|\+=|!=|=)\s*(.*)$`)

// readMakefile reads a Makefile and finds its controller-gen invocations.
func readMakefile(src *source) (*makefile, markers.ErrorList) {
	mf := &makefile{src: src, vars: map[string]*variable{}, defines: map[string]bool{}, firstRule: -1}
	var diags markers.ErrorList
	var cur *rule
	inDefine := false
	for _, ll := range src.logicalLines() {
		text := src.Data[ll.Start:ll.End]
		trimmed := strings.TrimSpace(text)
		if inDefine {
			if trimmed == "endef" {
				inDefine = false
			}
			continue
		}
		if strings.HasPrefix(text, "\t") {
			if cur != nil {
				cur.recipeEnd = ll.End
				cur.recipe += text + "\n"
				diags.Append(mf.recipeLine(ll.Start+1, ll.End, cur))
			}
			continue
		}
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if name, ok := strings.CutPrefix(strings.TrimPrefix(strings.TrimPrefix(trimmed, "export "), "override "), "define "); ok {
			mf.defines[strings.Fields(name + " x")[0]] = true
			inDefine = true
			cur = nil
			continue
		}
		if m := assignRE.FindStringSubmatch(text); m != nil {
			mf.assign(m[1], m[2], stripComment(m[3]), ll.End)
			cur = nil
			continue
		}
		if isDirective(trimmed) {
			mf.include(trimmed, 0)
			continue
		}
		if r := ruleLine(text, ll.Start); r != nil {
			mf.rules = append(mf.rules, r)
			if mf.firstRule < 0 {
				mf.firstRule = ll.Start
			}
			cur = r
			continue
		}
		cur = nil
	}
	return mf, diags
}

// include reads the assignments of the files an include directive names
// (relative to the Makefile, after expansion; a file that is not there,
// such as one the build makes, is skipped). Their rules and recipes are
// not read: migrate changes the Makefile only.
func (mf *makefile) include(line string, depth int) {
	word, rest, _ := strings.Cut(line, " ")
	if (word != "include" && word != "-include" && word != "sinclude") || depth > 5 {
		return
	}
	names, ok := mf.expand(rest, 0)
	if !ok {
		return
	}
	for _, name := range strings.Fields(names) {
		path := name
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(mf.src.Path), name)
		}
		data, err := safefile.Read(path)
		if err != nil {
			continue
		}
		inc := newSource(name, path, string(data))
		inDefine := false
		for _, ll := range inc.logicalLines() {
			text := inc.Data[ll.Start:ll.End]
			trimmed := strings.TrimSpace(text)
			switch {
			case inDefine:
				inDefine = trimmed != "endef"
			case strings.HasPrefix(trimmed, "define "):
				inDefine = true
			case strings.HasPrefix(text, "\t"):
			default:
				if m := assignRE.FindStringSubmatch(text); m != nil {
					mf.assign(m[1], m[2], stripComment(m[3]), -1)
				} else if trimmed != "" && isDirective(trimmed) {
					mf.include(trimmed, depth+1)
				}
			}
		}
	}
}

// isDirective reports whether a line is a make directive (a conditional,
// include, export of names).
func isDirective(line string) bool {
	word := strings.Fields(line)[0]
	switch word {
	case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "include", "-include", "sinclude", "export", "unexport", "vpath", "undefine":
		return true
	}
	return false
}

// stripComment removes a # comment from a variable's value.
func stripComment(v string) string {
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' {
			i++
			continue
		}
		if v[i] == '#' {
			return strings.TrimSpace(v[:i])
		}
	}
	return strings.TrimSpace(v)
}

// assign records an assignment.
func (mf *makefile) assign(name, op, value string, lineEnd int) {
	v, ok := mf.vars[name]
	switch {
	case op == "?=" && ok:
		return
	case op == "+=" && ok:
		v.Value += " " + value
		v.raw += " " + value
		v.lineEnd = lineEnd
		return
	case op == "!=":
		// The output of a shell command: not known without running it.
		value = "$(shell " + value + ")"
	case op == ":=" || op == "::=":
		if e, ok := mf.expand(value, 0); ok {
			value = e
		}
	}
	mf.vars[name] = &variable{Value: value, raw: value, lineEnd: lineEnd}
}

// ruleLine reads a rule line ("targets: prerequisites ## help"), or
// returns nil for another line.
func ruleLine(text string, base int) *rule {
	colon := -1
	for i := 0; i < len(text); i++ {
		if text[i] == '$' && i+1 < len(text) && (text[i+1] == '(' || text[i+1] == '{') {
			i = reference(text, i) - 1
			continue
		}
		if text[i] == ':' {
			colon = i
			break
		}
	}
	if colon <= 0 {
		return nil
	}
	r := &rule{Targets: strings.Fields(text[:colon])}
	start := colon + 1
	if start < len(text) && text[start] == ':' {
		start++
	}
	end := len(text)
	for _, stop := range []string{";", "#"} {
		if i := strings.Index(text[start:], stop); i >= 0 && start+i < end {
			end = start + i
		}
	}
	r.PrereqStart, r.PrereqEnd = base+start, base+end
	return r
}

// expand expands the variable references of s as make would, where it
// can: it reports false for a function call ($(shell ...)), an automatic
// variable or a variable the Makefile does not set.
func (mf *makefile) expand(s string, depth int) (string, bool) {
	if depth > 20 {
		return s, false
	}
	var b strings.Builder
	ok := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '$' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		switch s[i+1] {
		case '$':
			b.WriteString("$$")
			i++
			continue
		case '(', '{':
		default:
			// $@, $<, $1: not known here.
			ok = false
			b.WriteString(s[i : i+2])
			i++
			continue
		}
		end := reference(s, i)
		name := s[i+2 : end-1]
		v, known := mf.vars[name]
		if !known || strings.ContainsAny(name, " ,$") {
			ok = false
			b.WriteString(s[i:end])
		} else {
			e, eok := mf.expand(v.Value, depth+1)
			ok = ok && eok
			b.WriteString(e)
		}
		i = end - 1
	}
	return b.String(), ok
}

// refName returns NAME when w is exactly one reference $(NAME) or ${NAME}.
func refName(w string) (string, bool) {
	if len(w) < 4 || w[0] != '$' || (w[1] != '(' && w[1] != '{') || reference(w, 0) != len(w) {
		return "", false
	}
	name := w[2 : len(w)-1]
	if strings.ContainsAny(name, " ,$:") {
		return "", false
	}
	return name, true
}

// namesControllerGen reports whether a command word is a variable that
// holds controller-gen's path ($(CONTROLLER_GEN), $(CONTROLLER_GEN_BIN)).
func (mf *makefile) namesControllerGen(w word) bool {
	name, ok := refName(w.Value)
	if !ok {
		return false
	}
	if name == "CONTROLLER_GEN" {
		return true
	}
	if v, known := mf.vars[name]; known {
		e, _ := mf.expand(v.Value, 0)
		return isControllerGenPath(strings.Trim(e, `"'`))
	}
	return false
}

// recipeLine finds the controller-gen invocations and the scripts of one
// recipe line (from after its tab to end).
func (mf *makefile) recipeLine(start, end int, r *rule) markers.ErrorList {
	var diags markers.ErrorList
	text := mf.src.Data[start:end]
	trimmed := strings.TrimLeft(text, "@-+ \t")
	base := start + len(text) - len(trimmed)
	dir := ""
	for _, cmd := range commands(lex(trimmed, base)) {
		cmd = skipAssignments(cmd)
		if len(cmd) >= 2 && cmd[0].Value == "cd" {
			dir = cmd[1].Value
			continue
		}
		run, n, ok := commandAt(cmd, mf.namesControllerGen)
		if !ok {
			if p := scriptOf(cmd); p != "" {
				if e, ok := mf.expand(p, 0); ok {
					mf.scripts = append(mf.scripts, scriptRun{path: e, at: cmd[0].Start, rule: r, dir: dir})
				}
			}
			continue
		}
		s := &site{src: mf.src, kind: inMakefile, Start: cmd[0].Start, runner: run, quoted: mf.src.Data[cmd[0].Start] == '"', target: r, dir: dir}
		s.End = cmd[n-1].End
		if name, ok := refName(cmd[0].Value); ok {
			s.cmdVar = name
		}
		for _, w := range argsOf(cmd, n) {
			s.End = w.End
			args, d := mf.argsOfWord(w)
			diags.Append(d)
			s.args = append(s.args, args...)
		}
		mf.sites = append(mf.sites, s)
	}
	return diags
}

// argsOfWord are the arguments a word of a recipe gives controller-gen:
// itself, or, when it is a variable of options ($(CRD_OPTIONS)), the words
// of its value as the shell splits it after make expands it.
func (mf *makefile) argsOfWord(w word) ([]arg, markers.ErrorList) {
	pos := mf.src.pos(w.Start)
	name, isRef := refName(w.Value)
	if !isRef {
		return []arg{{Value: w.Value, Pos: pos}}, nil
	}
	var diags markers.ErrorList
	v, known := mf.vars[name]
	if !known {
		diags.Errorf(pos, markers.CodeMigrate, "$(%s) is not set in %s: crdgen migrate cannot tell which options it holds", name, mf.src.Name)
		return nil, diags
	}
	e, ok := mf.expand(v.Value, 0)
	if !ok {
		diags.Errorf(pos, markers.CodeMigrate, "$(%s) = %s cannot be expanded without running make: crdgen migrate cannot tell which options it holds", name, v.raw)
		return nil, diags
	}
	var out []arg
	for _, ew := range lex(e, 0) {
		if ew.Op != "" {
			diags.Errorf(pos, markers.CodeMigrate, "$(%s) holds the shell operator %q", name, ew.Op)
			continue
		}
		out = append(out, arg{Value: ew.Value, Pos: pos, From: name})
	}
	return out, diags
}

// scriptOf is the script a command runs (./hack/gen.sh, bash hack/gen.sh),
// or "".
func scriptOf(cmd []word) string {
	if len(cmd) == 0 || cmd[0].Op != "" {
		return ""
	}
	w := cmd[0].Value
	if (w == "bash" || w == "sh") && len(cmd) > 1 && cmd[1].Op == "" {
		w = cmd[1].Value
	}
	if strings.HasSuffix(w, ".sh") {
		return w
	}
	return ""
}
