package markers

import (
	"bytes"
	"encoding/json"
	"go/token"
	"strings"
	"testing"
)

// TestPrintFormats checks Print: sorted, file names rewritten (related
// places' too, without touching the list printed), each format its form
// with the severity of each diagnostic and the counts at the end, and an
// empty list as "[]" and zero counts in JSON, as nothing in the others.
func TestPrintFormats(t *testing.T) {
	at := func(file string, line int) token.Position {
		return token.Position{Filename: file, Line: line, Column: 1}
	}
	l := ErrorList{
		{Pos: at("/m/b.go", 3), Severity: Error, Code: "schema", Msg: "second"},
		{Pos: at("/m/a.go", 9), Severity: Warning, Code: "lint", Msg: "first", Related: []Related{{Pos: at("/m/c.go", 1), Msg: "here"}}},
		{Severity: Error, Code: "crd", Msg: "no kinds"},
	}
	rel := func(p string) string { return strings.TrimPrefix(p, "/m/") }
	tests := []struct{ format, want string }{
		{"text", "crdgen: error: no kinds\na.go:9:1: warning: first\n\tc.go:1:1: here\nb.go:3:1: error: second\n2 errors, 1 warning\n"},
		{"github", "::error title=crdgen crd::no kinds\n::warning file=a.go,line=9,col=1,title=crdgen lint::first%0Ac.go:1:1: here\n" +
			"::error file=b.go,line=3,col=1,title=crdgen schema::second\n::notice title=crdgen::2 errors, 1 warning\n"},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		l.Print(&b, tc.format, rel)
		if b.String() != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.format, b.String(), tc.want)
		}
	}
	var js bytes.Buffer
	l.Print(&js, "json", rel)
	var report struct {
		Diagnostics      []map[string]any
		Errors, Warnings int
	}
	if err := json.Unmarshal(js.Bytes(), &report); err != nil || len(report.Diagnostics) != 3 || report.Diagnostics[1]["file"] != "a.go" || report.Diagnostics[1]["severity"] != "warning" {
		t.Errorf("json diagnostics: %v %v", err, report.Diagnostics)
	}
	if report.Errors != 2 || report.Warnings != 1 {
		t.Errorf("json counts: %+v", report)
	}
	if l[1].Pos.Filename != "/m/a.go" || l[1].Related[0].Pos.Filename != "/m/c.go" {
		t.Errorf("Print changed the list: %+v", l)
	}
	for format, want := range map[string]string{"json": "{\n  \"diagnostics\": [],\n  \"errors\": 0,\n  \"warnings\": 0\n}\n", "text": "", "github": ""} {
		var empty bytes.Buffer
		ErrorList(nil).Print(&empty, format, rel)
		if empty.String() != want {
			t.Errorf("an empty list in %s: %q, want %q", format, empty.String(), want)
		}
	}
	if got := (ErrorList{{Severity: Error, Msg: "x"}}).Err().Error(); got != "crdgen: error: x" {
		t.Errorf("Err() = %q", got)
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
