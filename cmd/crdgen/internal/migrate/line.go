package migrate

// This file implements mapping one controller-gen command line given on
// its own (crdgen migrate --line), as hack/projects.sh maps the lines make
// -n prints: "[cd DIR && ]controller-gen ARGS" becomes "[cd DIR && ]crdgen
// generate FLAGS PATTERNS". Whatever the command word is, it is
// controller-gen's.

import (
	"go/token"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Line maps one controller-gen command line; diagnostics are at 1:COL of
// the line.
func Line(line string, d Defaults) (string, markers.ErrorList) {
	src := newSource("line", "line", line)
	mf := &makefile{src: src, vars: map[string]*variable{}, defines: map[string]bool{}}
	var diags markers.ErrorList
	for _, cmd := range commands(lex(line, 0)) {
		cmd = skipAssignments(cmd)
		if len(cmd) == 0 || cmd[0].Value == "cd" {
			continue
		}
		s := &site{src: src, kind: inScript, Start: cmd[0].Start, End: cmd[0].End}
		for _, w := range argsOf(cmd, 1) {
			s.End = w.End
			s.args = append(s.args, arg{Value: w.Value, Pos: src.pos(w.Start)})
		}
		mf.sites = append(mf.sites, s)
	}
	if len(mf.sites) != 1 {
		diags.Errorf(token.Position{Filename: "line", Line: 1, Column: 1}, markers.CodeMigrate, "%d commands besides cd; want one controller-gen command", len(mf.sites))
		return "", diags
	}
	s := mf.sites[0]
	inv, dd := parseInvocation(s.args)
	diags.Append(dd)
	m, dd := Map(inv, d)
	diags.Append(dd)
	if diags.HasErrors() {
		return "", diags
	}
	return applyEdits(line, []edit{{s.Start, s.End, "crdgen " + argsText(m.Args())}}), nil
}
