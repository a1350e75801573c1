// Command apidocs checks and renders the API reference crdgen docs writes,
// with goldmark, for hack/apidocs-realworld.sh and hack/apidocs-screenshot.sh.
//
//	go run ./hack/apidocs check DIR...     every link and anchor resolves, no raw HTML; prints sizes
//	go run ./hack/apidocs html DIR OUT     each DIR/x.md as OUT/x.html, with a small stylesheet
//
// Exit status is 1 when a check finds a problem, 2 for a wrong command line.
package main

import (
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/internal/mdcheck"
	"github.com/crdgen/crdgen/pkg/apidocs"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) >= 2 && args[0] == "check":
		return check(args[1:], stdout, stderr)
	case len(args) == 3 && args[0] == "html":
		if err := render(args[1], args[2]); err != nil {
			fmt.Fprintf(stderr, "apidocs: %v\n", err)
			return 1
		}
		return 0
	}
	fmt.Fprintln(stderr, "usage: apidocs check DIR... | apidocs html DIR OUT")
	return 2
}

// check checks each directory's pages and prints their sizes.
func check(dirs []string, stdout, stderr io.Writer) int {
	code := 0
	for _, dir := range dirs {
		pages, size, err := read(dir)
		if err != nil {
			fmt.Fprintf(stderr, "apidocs: %v\n", err)
			return 1
		}
		problems := mdcheck.Check(pages, []string{"<br>", apidocs.Header})
		headings, links := 0, 0
		for _, src := range pages {
			headings += len(mdcheck.HeadingIDs(src))
			links += len(mdcheck.Links(src))
		}
		fmt.Fprintf(stdout, "%s: %d pages, %d bytes, %d headings, %d links, %d problems\n", dir, len(pages), size, headings, links, len(problems))
		for _, p := range problems {
			fmt.Fprintf(stdout, "  %s\n", p)
			code = 1
		}
	}
	return code
}

// read reads the Markdown files of dir, by name, and their total size.
func read(dir string) (map[string][]byte, int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(files) == 0 {
		return nil, 0, fmt.Errorf("no Markdown files in %s (%v)", dir, err)
	}
	pages := map[string][]byte{}
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, 0, err
		}
		pages[filepath.Base(f)] = data
		size += len(data)
	}
	return pages, size, nil
}

// stylesheet is the rendered pages' look: GitHub's, roughly.
const stylesheet = `body { font: 15px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; max-width: 1140px; margin: 24px auto; padding: 0 24px; }
h1, h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
h1 { font-size: 2em; } h2 { font-size: 1.5em; margin-top: 1.6em; }
a { color: #0969da; text-decoration: none; }
code { font: 85% ui-monospace, SFMono-Regular, Menlo, monospace; background: #eff1f3; padding: .2em .4em; border-radius: 6px; }
pre { background: #f6f8fa; padding: 16px; border-radius: 6px; overflow: auto; } pre code { background: none; padding: 0; }
table { border-collapse: collapse; display: block; overflow: auto; margin: 0 0 16px; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; }
tr:nth-child(2n) { background: #f6f8fa; } th { font-weight: 600; background: #f6f8fa; }
`

// render writes each page of dir as an HTML page in out.
func render(dir, out string) error {
	pages, _, err := read(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for name, src := range pages {
		body, err := mdcheck.HTML(src)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		title := strings.TrimSuffix(name, ".md")
		page := "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + html.EscapeString(title) + "</title>\n<style>\n" + stylesheet + "</style></head>\n<body>\n" + string(body) + "</body></html>\n"
		if err := os.WriteFile(filepath.Join(out, title+".html"), []byte(page), 0o644); err != nil {
			return err
		}
	}
	return nil
}
