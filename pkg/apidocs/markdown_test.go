package apidocs

import (
	"bytes"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crdgen/crdgen/internal/mdcheck"
)

// hostile are texts that try to break out of where a page puts them.
var hostile = []string{
	`<script>alert("x")</script>`,
	`<img src=x onerror=alert(1)> & &amp; &#60;b&#62;`,
	`a | b | c`,
	"`code | pipe` and ``double `tick` `` and an unpaired ` tick",
	"```",
	"`` ` ``",
	" ` ",
	`[a link](javascript:alert(1)) ![img](x.png) [ref][1] <https://example.com>`,
	"[1]: https://example.com",
	"# heading\n## another",
	"para\n---\nsetext\n===",
	"- # in a list\n- ```\n  1. > <b>quote</b>",
	"```go\nfenced <script>\n```",
	"~~~\nunclosed <script>",
	"```info <x>\nunclosed",
	"    indented <b>code</b>",
	"<!-- comment -->",
	`\<escaped\> \* \| \`,
	"*emphasis* _under_ ~~strike~~ **strong**",
	"line one\n\nline two\r\nline three",
	"<div>\nblock\n</div>",
	"trailing backslash \\",
}

// TestCodeAndTextShowThemselves renders code and text spans with goldmark
// and checks that what a reader sees is the input, character for
// character (line breaks as spaces).
func TestCodeAndTextShowThemselves(t *testing.T) {
	for _, s := range append(slices.Clone(hostile), "", " ", "  two  ", "`", "``x``") {
		checkShowsItself(t, s)
	}
}

// FuzzCodeAndTextShowThemselves is TestCodeAndTextShowThemselves on any
// text.
func FuzzCodeAndTextShowThemselves(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\x00\r\f\v") {
			t.Skip()
		}
		checkShowsItself(t, s)
	})
}

var (
	codeRE = regexp.MustCompile(`(?s)^<p><code>(.*)</code></p>\n$`)
	textRE = regexp.MustCompile(`(?s)^<p>x (.*)</p>\n$`)
	// autolink matches a link goldmark made of a plain URL.
	autolink = regexp.MustCompile(`<a href="[^"]*">([^<]*)</a>`)
)

func checkShowsItself(t *testing.T, s string) {
	t.Helper()
	flat := strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(s)
	got := render(t, code(s))
	if m := codeRE.FindStringSubmatch(got); m == nil || html.UnescapeString(m[1]) != flat && strings.TrimSpace(flat) != "" {
		t.Errorf("code(%q) = %q renders as %q, want a code span of %q", s, code(s), got, flat)
	}
	if strings.TrimSpace(flat) == "" || strings.TrimRight(flat, " \t") != flat || strings.Contains(flat, "  ") {
		return // a paragraph trims and may break lines at spaces
	}
	// Plain URLs become links (GFM's autolinks): their text is the URL.
	got = autolink.ReplaceAllString(render(t, "x "+text(s)), "$1")
	if m := textRE.FindStringSubmatch(got); m == nil || html.UnescapeString(m[1]) != flat {
		t.Errorf("text(%q) = %q renders as %q, want the text %q", s, text(s), got, flat)
	}
}

func render(t *testing.T, md string) string {
	t.Helper()
	out, err := mdcheck.HTML([]byte(md))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestDescriptionsStayInTheirPlace puts every hostile text where a page
// puts descriptions and values (a block, a table cell, a list item) and
// checks the page goldmark reads: its headings are the page's own, its
// table has its rows and columns, and no raw HTML or link comes through.
func TestDescriptionsStayInTheirPlace(t *testing.T) {
	for _, s := range hostile {
		checkStaysInPlace(t, s)
	}
}

// FuzzDescriptionsStayInTheirPlace is TestDescriptionsStayInTheirPlace on
// any text.
func FuzzDescriptionsStayInTheirPlace(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
			t.Skip()
		}
		checkStaysInPlace(t, s)
	})
}

func checkStaysInPlace(t *testing.T, s string) {
	t.Helper()
	p := &page{}
	p.heading(1, "Top")
	p.block(description(s))
	p.heading(2, "After")
	p.list([]string{text(s), code(s)})
	p.table([]string{"A", "B", "C"}, [][]string{{descriptionCell(s), code(s), text(s)}, {"x", "y", "z"}})
	p.heading(2, "End")
	md := p.bytes()
	if got, want := mdcheck.HeadingIDs(md), []string{"top", "after", "end"}; !slices.Equal(got, want) {
		t.Errorf("description %q: headings %q, want %q\n%s", s, got, want, md)
	}
	if problems := mdcheck.Check(map[string][]byte{"p.md": md}, []string{lineBreak, Header}); len(problems) > 0 {
		t.Errorf("description %q:\n%s\n%s", s, strings.Join(problems, "\n"), md)
	}
	out := render(t, string(md))
	rows := regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(out, -1)
	if len(rows) != 3 {
		t.Fatalf("description %q: %d table rows, want 3\n%s", s, len(rows), out)
	}
	for _, r := range rows {
		if n := strings.Count(r[1], "<td") + strings.Count(r[1], "<th"); n != 3 {
			t.Errorf("description %q: a row of %d cells, want 3: %s", s, n, r[1])
		}
	}
	if bytes.Contains(bytes.ToLower([]byte(out)), []byte("<script")) {
		t.Errorf("description %q: a script tag in\n%s", s, out)
	}
}

// TestAnchorsAreGoldmarks checks that ids gives headings the ids goldmark
// gives them, taken ones included.
func TestAnchorsAreGoldmarks(t *testing.T) {
	headings := []string{
		code("g.example.com/v1") + " API reference", "Widget", "WidgetSpec", "Mode", "MODE", text("Odd_Name"),
		"Config (" + text("example.com/api/v1") + ")", "Config (" + text("example.com/shared") + ")",
		text("Box[string]"), "Widget", "widget-1", text("Ünïcode"), "1", "---x", "heading",
	}
	var md strings.Builder
	var want []string
	s := newIDs()
	for _, h := range headings {
		md.WriteString("## " + h + "\n\n")
		want = append(want, s.of(h))
	}
	if got := mdcheck.HeadingIDs([]byte(md.String())); !slices.Equal(got, want) {
		t.Errorf("ids: got %q, goldmark %q", want, got)
	}
}

func TestCode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a", "`a`"},
		{"a`b", "``a`b``"},
		{"`a", "`` `a ``"},
		{" a ", "`  a  `"},
		{"", "` `"},
		{"a\nb", "`a b`"},
	} {
		if got := code(tc.in); got != tc.want {
			t.Errorf("code(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
