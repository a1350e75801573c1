package gclplugin

import (
	"go/token"
	"testing"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/pkg/markers"
)

// TestAnalysisDiagnostic checks a diagnostic's place, message and fix in
// the pass's file, and that one with no place in a Go file goes to the
// anchor.
func TestAnalysisDiagnostic(t *testing.T) {
	const src = "package v1\n\ntype A struct {\n\t// +kubebuilder:validation:Maxmum=3\n\tN int\n}\n"
	fset := token.NewFileSet()
	tf := fset.AddFile("/p/api/v1/a.go", -1, len(src))
	tf.SetLinesForContent([]byte(src))
	at := func(line, col int) token.Position {
		return token.Position{Filename: "/p/api/v1/a.go", Line: line, Column: col}
	}
	typo := markers.Diagnostic{Pos: at(4, 5), Code: markers.CodeUnknownMarker,
		Msg: "unknown marker +kubebuilder:validation:Maxmum, did you mean +kubebuilder:validation:Maximum",
		Fix: &markers.Fix{Msg: "rename to +kubebuilder:validation:Maximum", Pos: at(4, 6), End: at(4, 35), New: "kubebuilder:validation:Maximum"}}
	config := markers.Diagnostic{Pos: token.Position{Filename: "/p/crdgen.yaml", Line: 2, Column: 1}, Severity: markers.Warning, Code: markers.CodeLint, Msg: "a setting"}
	files := byFile(app.Lint{Diags: markers.ErrorList{typo, config}, Anchor: at(1, 1)})
	ds := files["/p/api/v1/a.go"]
	if len(ds) != 2 {
		t.Fatalf("got %d diagnostics in a.go, want 2", len(ds))
	}

	got := ds[0].analysis(fset, tf)
	if pos := fset.Position(got.Pos); pos.Line != 4 || pos.Column != 5 {
		t.Errorf("got the typo at %v, want 4:5", pos)
	}
	if want := "error[unknown-marker]: " + typo.Msg; got.Message != want {
		t.Errorf("got %q, want %q", got.Message, want)
	}
	if len(got.SuggestedFixes) != 1 || len(got.SuggestedFixes[0].TextEdits) != 1 {
		t.Fatalf("got fixes %+v, want one edit", got.SuggestedFixes)
	}
	e := got.SuggestedFixes[0].TextEdits[0]
	if fixed := src[:tf.Offset(e.Pos)] + string(e.NewText) + src[tf.Offset(e.End):]; fixed != "package v1\n\ntype A struct {\n\t// +kubebuilder:validation:Maximum=3\n\tN int\n}\n" {
		t.Errorf("the fix makes\n%s", fixed)
	}

	got = ds[1].analysis(fset, tf)
	if pos := fset.Position(got.Pos); pos.Line != 1 || pos.Column != 1 {
		t.Errorf("got crdgen.yaml's diagnostic at %v, want the anchor 1:1", pos)
	}
	if want := "warning[lint]: a setting (at /p/crdgen.yaml:2:1)"; got.Message != want {
		t.Errorf("got %q, want %q", got.Message, want)
	}
}

// TestPosOf checks that a place the file does not have (it changed since
// crdgen read it) falls back to the line's or the file's start.
func TestPosOf(t *testing.T) {
	fset := token.NewFileSet()
	tf := fset.AddFile("a.go", -1, 12)
	tf.SetLinesForContent([]byte("package a\nx\n"))
	tests := []struct {
		name         string
		line, column int
		want         int // offset
	}{
		{"a place", 2, 1, 10},
		{"column 0", 2, 0, 10},
		{"past the end", 2, 50, 10},
		{"no such line", 9, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tf.Offset(posOf(tf, tc.line, tc.column)); got != tc.want {
				t.Errorf("got offset %d, want %d", got, tc.want)
			}
		})
	}
}

// TestNew checks the settings golangci-lint passes: args and config are
// read, an unknown key is refused (a typo there must not be silent).
func TestNew(t *testing.T) {
	p, err := New(map[string]any{"args": []any{"--unknown-markers=warn"}, "config": "hack/crdgen.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	s := p.(*Plugin).settings
	if len(s.Args) != 1 || s.Args[0] != "--unknown-markers=warn" || s.Config != "hack/crdgen.yaml" {
		t.Errorf("got settings %+v", s)
	}
	if p.GetLoadMode() != "syntax" {
		t.Errorf("got load mode %q, want syntax", p.GetLoadMode())
	}
	if _, err := New(map[string]any{"arg": []any{"x"}}); err == nil {
		t.Error(`New with the unknown key "arg": got no error`)
	}
	if _, err := New(nil); err != nil {
		t.Errorf("New with no settings: %v", err)
	}
}
