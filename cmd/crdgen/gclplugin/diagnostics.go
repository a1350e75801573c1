package gclplugin

// This file implements crdgen's diagnostics as go/analysis diagnostics:
// each at its place in a file of the pass, its severity and code in the
// message, its related places and its fix.

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/pkg/markers"
)

// diagnostic is one of crdgen's diagnostics, to be reported in its file.
type diagnostic struct {
	markers.Diagnostic
	// at is where it is reported, when that is not its own position (a
	// diagnostic with no place in a Go file, reported at the anchor).
	at *token.Position
}

// byFile files a run's diagnostics by the Go file they are reported in.
func byFile(lint app.Lint) map[string][]diagnostic {
	out := map[string][]diagnostic{}
	for _, d := range lint.Diags {
		file := d.Pos.Filename
		var at *token.Position
		if !strings.HasSuffix(file, ".go") {
			if lint.Anchor.Filename == "" {
				continue
			}
			anchor := lint.Anchor
			file, at = anchor.Filename, &anchor
		}
		file = filepath.Clean(file)
		out[file] = append(out[file], diagnostic{Diagnostic: d, at: at})
	}
	return out
}

// Message is how a diagnostic reads in golangci-lint: its severity and
// code, then crdgen's message ("error[unknown-marker]: unknown marker
// +kubebuilder:validation:Maxmum, did you mean ..."), so that a team can
// exclude a code by text as it suppresses one with --suppress.
func Message(d markers.Diagnostic) string {
	if d.Code == "" {
		return d.Severity.String() + ": " + d.Msg
	}
	return fmt.Sprintf("%s[%s]: %s", d.Severity, d.Code, d.Msg)
}

// analysis is the diagnostic as the pass reports it in tf, its file.
func (d diagnostic) analysis(fset *token.FileSet, tf *token.File) analysis.Diagnostic {
	msg := Message(d.Diagnostic)
	at := d.Pos
	if d.at != nil {
		at = *d.at
		if d.Pos.Filename != "" {
			msg += " (at " + d.Pos.String() + ")"
		}
	}
	out := analysis.Diagnostic{Pos: posOf(tf, at.Line, at.Column), Category: string(d.Code)}
	for _, r := range d.Related {
		if rf := fileNamed(fset, tf, r.Pos.Filename); rf != nil {
			out.Related = append(out.Related, analysis.RelatedInformation{Pos: posOf(rf, r.Pos.Line, r.Pos.Column), Message: r.Msg})
		} else {
			msg += fmt.Sprintf(" (%s: %s)", r.Pos, r.Msg)
		}
	}
	out.Message = msg
	if f := d.Fix; f != nil && d.at == nil && filepath.Clean(f.Pos.Filename) == filepath.Clean(tf.Name()) {
		out.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   f.Msg,
			TextEdits: []analysis.TextEdit{{Pos: posOf(tf, f.Pos.Line, f.Pos.Column), End: posOf(tf, f.End.Line, f.End.Column), NewText: []byte(f.New)}},
		}}
	}
	return out
}

// fileNamed is the file of the file set named name: tf itself, or
// another file the set holds (nil when it holds none).
func fileNamed(fset *token.FileSet, tf *token.File, name string) *token.File {
	name = filepath.Clean(name)
	if filepath.Clean(tf.Name()) == name {
		return tf
	}
	var found *token.File
	fset.Iterate(func(f *token.File) bool {
		if filepath.Clean(f.Name()) == name {
			found = f
			return false
		}
		return true
	})
	return found
}
