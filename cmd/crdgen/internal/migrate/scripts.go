package migrate

// This file implements finding controller-gen in the shell scripts a
// Makefile's recipes run and in //go:generate directives. A script names
// it by path (controller-gen, bin/controller-gen), by a variable whose
// name says so ($CONTROLLER_GEN, "${CONTROLLER_GEN}"), or through go run;
// a directive is a line "//go:generate controller-gen ..." (or go run ...),
// which go generate runs in its file's directory.

import (
	"strings"
)

// readScript finds the controller-gen invocations of a shell script.
func readScript(src *source) []*site {
	var out []*site
	inHeredoc := ""
	for _, ll := range src.logicalLines() {
		text := src.Data[ll.Start:ll.End]
		if inHeredoc != "" {
			if strings.TrimSpace(text) == inHeredoc {
				inHeredoc = ""
			}
			continue
		}
		if i := strings.Index(text, "<<"); i >= 0 {
			inHeredoc = strings.Trim(strings.TrimLeft(text[i+2:], "-~ "), `'"`)
			inHeredoc = strings.Fields(inHeredoc + " ")[0]
		}
		for _, cmd := range commands(lex(text, ll.Start)) {
			cmd = skipAssignments(cmd)
			for len(cmd) > 0 && (cmd[0].Value == "exec" || cmd[0].Value == "command" || cmd[0].Value == "time") {
				cmd = cmd[1:]
			}
			run, n, ok := commandAt(cmd, namesShellVar)
			if !ok {
				continue
			}
			s := &site{src: src, kind: inScript, Start: cmd[0].Start, End: cmd[n-1].End, runner: run, quoted: src.Data[cmd[0].Start] == '"'}
			for _, w := range argsOf(cmd, n) {
				s.End = w.End
				s.args = append(s.args, arg{Value: w.Value, Pos: src.pos(w.Start)})
			}
			out = append(out, s)
		}
	}
	return out
}

// namesShellVar reports whether a script's command word is a variable
// named for controller-gen ($CONTROLLER_GEN, ${CONTROLLER_GEN:-...}).
func namesShellVar(w word) bool {
	v := w.Value
	if !strings.HasPrefix(v, "$") {
		return false
	}
	name := strings.TrimLeft(v, "${")
	if i := strings.IndexAny(name, ":}-"); i >= 0 {
		name = name[:i]
	}
	return strings.Contains(strings.ToUpper(name), "CONTROLLER_GEN") || strings.Contains(strings.ToUpper(name), "CONTROLLERGEN")
}

// goGeneratePrefix starts a go:generate directive.
const goGeneratePrefix = "//go:generate "

// readGoFile finds the controller-gen directives of a Go file.
func readGoFile(src *source) []*site {
	var out []*site
	for i, start := range src.lineStarts {
		end := len(src.Data)
		if i+1 < len(src.lineStarts) {
			end = src.lineStarts[i+1] - 1
		}
		line := src.Data[start:end]
		if !strings.HasPrefix(line, goGeneratePrefix) {
			continue
		}
		base := start + len(goGeneratePrefix)
		words := lex(line[len(goGeneratePrefix):], base)
		run, n, ok := commandAt(words, func(word) bool { return false })
		if !ok {
			continue
		}
		s := &site{src: src, kind: inGoGenerate, Start: words[0].Start, End: words[n-1].End, runner: run}
		for _, w := range argsOf(words, n) {
			s.End = w.End
			s.args = append(s.args, arg{Value: w.Value, Pos: src.pos(w.Start)})
		}
		out = append(out, s)
	}
	return out
}
