package lsp

// This file implements a run: crdgen crd's diagnostics of the workspace
// with the open documents' text, published per file, and their fixes as
// code actions.

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/pkg/markers"
)

// readFile reads a file that is not open in the editor.
func readFile(path string) ([]byte, error) { return os.ReadFile(path) }

// run runs crdgen crd's stages on the workspace with the open documents
// and publishes the diagnostics of every file, clearing those of files
// that have none now.
func (s *server) run() {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	ctx := context.Background()
	s.mu.Lock()
	env := &app.Env{Ctx: ctx, Dir: s.root, Version: s.opts.Version, ConfigFile: s.opts.ConfigFile, CacheDir: "off", Overlay: map[string][]byte{}}
	for u, t := range s.docs {
		env.Overlay[u.Filename()] = []byte(t)
	}
	s.mu.Unlock()

	diags, err := lint(env, s.opts.Args)
	if err != nil {
		s.client.LogMessage(ctx, &protocol.LogMessageParams{Type: protocol.MessageTypeError, Message: err.Error()})
	}
	byURI := map[uri.URI][]markers.Diagnostic{}
	for _, d := range diags {
		if d.Pos.Filename != "" {
			u := uri.File(d.Pos.Filename)
			byURI[u] = append(byURI[u], d)
		}
	}
	s.mu.Lock()
	old := s.published
	s.published = byURI
	s.mu.Unlock()
	for _, u := range slices.Sorted(maps.Keys(old)) {
		if _, ok := byURI[u]; !ok {
			s.publish(ctx, u, nil)
		}
	}
	for _, u := range slices.Sorted(maps.Keys(byURI)) {
		s.publish(ctx, u, byURI[u])
	}
}

// lint is crdgen crd's diagnostics of a run (app.Diagnostics), and the
// error that ended it early, if one did.
func lint(env *app.Env, args []string) (markers.ErrorList, error) {
	r, res := app.Prepare(env, app.LintCommand(), args)
	if res != nil {
		if res.Err == nil && res.Stderr != "" {
			return res.Diags, fmt.Errorf("%s", strings.TrimSpace(res.Stderr))
		}
		return res.Diags, res.Err
	}
	l, err := app.Diagnostics(r)
	return l.Diags, err
}

// publish sends a file's diagnostics.
func (s *server) publish(ctx context.Context, u uri.URI, diags []markers.Diagnostic) {
	text, _ := s.text(u)
	out := []protocol.Diagnostic{}
	for _, d := range diags {
		out = append(out, s.lspDiagnostic(text, d))
	}
	s.client.PublishDiagnostics(ctx, &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: out})
}

// lspDiagnostic is a diagnostic in the protocol's terms: its range runs
// from its column to the end of its line (the marker, in most cases).
func (s *server) lspDiagnostic(text string, d markers.Diagnostic) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	if d.Severity == markers.Warning {
		sev = protocol.DiagnosticSeverityWarning
	}
	start := position(text, d.Pos.Line, d.Pos.Column)
	end := position(text, d.Pos.Line, len(lineOf(text, d.Pos.Line))+1)
	out := protocol.Diagnostic{Range: protocol.Range{Start: start, End: end}, Severity: sev, Code: string(d.Code), Source: "crdgen", Message: d.Msg}
	for _, r := range d.Related {
		rt, _ := s.text(uri.File(r.Pos.Filename))
		p := position(rt, r.Pos.Line, r.Pos.Column)
		out.RelatedInformation = append(out.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri.File(r.Pos.Filename), Range: protocol.Range{Start: p, End: p}},
			Message:  r.Msg,
		})
	}
	return out
}

// codeActions are the fixes of the diagnostics the range touches.
func (s *server) codeActions(u uri.URI, rng protocol.Range) []protocol.CodeAction {
	s.mu.Lock()
	diags := s.published[u]
	s.mu.Unlock()
	text, _ := s.text(u)
	out := []protocol.CodeAction{}
	for _, d := range diags {
		line := uint32(d.Pos.Line - 1)
		if d.Fix == nil || line < rng.Start.Line || line > rng.End.Line {
			continue
		}
		edit := protocol.TextEdit{
			Range:   protocol.Range{Start: position(text, d.Fix.Pos.Line, d.Fix.Pos.Column), End: position(text, d.Fix.End.Line, d.Fix.End.Column)},
			NewText: d.Fix.New,
		}
		out = append(out, protocol.CodeAction{
			Title:       d.Fix.Msg,
			Kind:        protocol.QuickFix,
			Diagnostics: []protocol.Diagnostic{s.lspDiagnostic(text, d)},
			IsPreferred: true,
			Edit:        &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{u: {edit}}},
		})
	}
	return out
}

// lineOf is line n (1-based) of text, without its newline ("" past the
// end).
func lineOf(text string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	line, _, _ := strings.Cut(text, "\n")
	return strings.TrimSuffix(line, "\r")
}

// position is the protocol's position of a line and byte column (both
// 1-based, as crdgen's): the column counts UTF-16 units there.
func position(text string, line, column int) protocol.Position {
	if line < 1 {
		return protocol.Position{}
	}
	l := lineOf(text, line)
	col := min(max(column-1, 0), len(l))
	return protocol.Position{Line: uint32(line - 1), Character: uint32(utf16Len(l[:col]))}
}

// byteColumn is the byte offset in line of a protocol character (UTF-16
// units).
func byteColumn(line string, character uint32) int {
	n := 0
	for i, r := range line {
		if uint32(n) >= character {
			return i
		}
		n += utf16Units(r)
	}
	return len(line)
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16Units(r)
	}
	return n
}

func utf16Units(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}
