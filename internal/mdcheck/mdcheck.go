package mdcheck

// This file implements the check of a set of pages and their rendering.

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// markdown is goldmark as the pages are read: GitHub-flavoured, with the
// heading IDs GitHub would give (for headings of ASCII letters, digits
// and spaces); raw HTML is rendered (Check judges it).
func markdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
}

// page is what a page holds that Check needs.
type page struct {
	ids     map[string]bool
	idOrder []string
	links   []string
	html    []string
}

// Links are the destinations of a page's links and images, in order.
func Links(src []byte) []string {
	_, p := read(src)
	return p.links
}

// HeadingIDs are the ids goldmark gives a page's headings, in order.
func HeadingIDs(src []byte) []string {
	_, p := read(src)
	return p.idOrder
}

// read parses a page.
func read(src []byte) (ast.Node, page) {
	doc := markdown().Parser().Parse(text.NewReader(src))
	p := page{ids: map[string]bool{}}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok {
				p.ids[string(id.([]byte))] = true
				p.idOrder = append(p.idOrder, string(id.([]byte)))
			}
		case *ast.Link:
			p.links = append(p.links, string(n.Destination))
		case *ast.Image:
			p.links = append(p.links, string(n.Destination))
		case *ast.RawHTML:
			var b strings.Builder
			for i := 0; i < n.Segments.Len(); i++ {
				s := n.Segments.At(i)
				b.Write(s.Value(src))
			}
			p.html = append(p.html, b.String())
		case *ast.HTMLBlock:
			var b strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				b.Write(s.Value(src))
			}
			if n.HasClosure() {
				b.Write(n.ClosureLine.Value(src))
			}
			p.html = append(p.html, strings.TrimSpace(b.String()))
		}
		return ast.WalkContinue, nil
	})
	return doc, p
}

// scheme matches the scheme of an absolute URL.
var scheme = regexp.MustCompile(`^([a-zA-Z][a-zA-Z0-9+.-]*):`)

// Check reads every page (by slash path) and returns what is wrong, sorted:
// a link to a page that is not in pages, or to an anchor that is not one of
// its headings' ids; a link whose scheme is not http, https or mailto; raw
// HTML that is not one of allowed.
func Check(pages map[string][]byte, allowed []string) []string {
	read := readAll(pages)
	var out []string
	for name, p := range read {
		for _, h := range p.html {
			if !slices.Contains(allowed, h) {
				out = append(out, fmt.Sprintf("%s: raw HTML %q", name, h))
			}
		}
		for _, l := range p.links {
			if msg := checkLink(read, name, l); msg != "" {
				out = append(out, fmt.Sprintf("%s: link %q: %s", name, l, msg))
			}
		}
	}
	slices.Sort(out)
	return out
}

func readAll(pages map[string][]byte) map[string]page {
	out := map[string]page{}
	for name, src := range pages {
		_, out[name] = read(src)
	}
	return out
}

// checkLink says what is wrong with a link of page from ("" for nothing).
func checkLink(pages map[string]page, from, l string) string {
	if m := scheme.FindStringSubmatch(l); m != nil {
		switch strings.ToLower(m[1]) {
		case "http", "https", "mailto":
			return ""
		}
		return "not an http, https or mailto URL"
	}
	target, anchor, _ := strings.Cut(l, "#")
	to := from
	if target != "" {
		to = path.Join(path.Dir(from), target)
	}
	p, ok := pages[to]
	switch {
	case !ok:
		return "no page " + to
	case anchor != "" && !p.ids[anchor]:
		return fmt.Sprintf("%s has no heading with the id %q", to, anchor)
	}
	return ""
}

// HTML renders a page as an HTML fragment; links to Markdown pages
// (x.md, x.md#a) become links to their HTML (x.html, x.html#a).
func HTML(src []byte) ([]byte, error) {
	md := markdown()
	doc, _ := read(src)
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering && scheme.Find(l.Destination) == nil {
			target, anchor, found := bytes.Cut(l.Destination, []byte("#"))
			if t, ok := bytes.CutSuffix(target, []byte(".md")); ok {
				dest := string(t) + ".html"
				if found {
					dest += "#" + string(anchor)
				}
				l.Destination = []byte(dest)
			}
		}
		return ast.WalkContinue, nil
	})
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, src, doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
