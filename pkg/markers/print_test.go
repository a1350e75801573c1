package markers

import (
	"bytes"
	"go/token"
	"strings"
	"testing"
)

// TestPrintFormats checks Print: sorted, file names rewritten (related
// places' too, without touching the list printed), each format its form,
// and an empty list as "[]" in JSON.
func TestPrintFormats(t *testing.T) {
	at := func(file string, line int) token.Position {
		return token.Position{Filename: file, Line: line, Column: 1}
	}
	l := ErrorList{
		{Pos: at("/m/b.go", 3), Severity: Error, Msg: "second"},
		{Pos: at("/m/a.go", 9), Severity: Warning, Msg: "first", Related: []Related{{Pos: at("/m/c.go", 1), Msg: "here"}}},
	}
	rel := func(p string) string { return strings.TrimPrefix(p, "/m/") }
	var text bytes.Buffer
	l.Print(&text, "text", rel)
	if lines := strings.Split(strings.TrimSpace(text.String()), "\n"); len(lines) < 2 || !strings.HasPrefix(lines[0], "a.go:9:1: ") || !strings.Contains(text.String(), "\nb.go:3:1: ") {
		t.Errorf("text:\n%s", text.String())
	}
	var js bytes.Buffer
	l.Print(&js, "json", rel)
	if !strings.Contains(js.String(), `"file": "c.go"`) || !strings.Contains(js.String(), `"file": "a.go"`) {
		t.Errorf("json:\n%s", js.String())
	}
	var gh bytes.Buffer
	l.Print(&gh, "github", nil)
	if !strings.HasPrefix(gh.String(), "::warning file=/m/a.go,") {
		t.Errorf("github:\n%s", gh.String())
	}
	if l[1].Pos.Filename != "/m/a.go" || l[1].Related[0].Pos.Filename != "/m/c.go" {
		t.Errorf("Print changed the list: %+v", l)
	}
	var empty bytes.Buffer
	ErrorList(nil).Print(&empty, "json", rel)
	if empty.String() != "[]\n" {
		t.Errorf("an empty list in json: %q", empty.String())
	}
}

// TestWithoutDropsOnlyWarnings checks that a suppressed code leaves its
// errors in.
func TestWithoutDropsOnlyWarnings(t *testing.T) {
	l := ErrorList{{Severity: Warning, Code: "a", Msg: "w"}, {Severity: Error, Code: "a", Msg: "e"}, {Severity: Warning, Code: "b", Msg: "other"}}
	got := l.Without([]Code{"a"})
	if len(got) != 2 || got[0].Msg != "e" || got[1].Msg != "other" || len(l) != 3 {
		t.Errorf("Without(a) = %+v (list now %d long)", got, len(l))
	}
	if got := l.Without(nil); len(got) != 3 {
		t.Errorf("Without(nil) = %+v", got)
	}
}
