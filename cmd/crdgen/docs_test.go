package main

// This file holds the tests that keep the Markdown documentation true: the
// two reference pages written from crdgen's own help (command-line.md from
// "crdgen COMMAND -h", markers.md from "crdgen markers"), rewritten by
// "go test ./cmd/crdgen -update", and the links between the pages.

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/markers"
)

// helpOf runs crdgen with args in an empty directory (so that no
// crdgen.yaml changes a default) and returns what it prints.
func helpOf(t *testing.T, args ...string) string {
	t.Helper()
	a, stdout, stderr := testApp(t.TempDir())
	if code := a.main(args); code != exitOK {
		t.Fatalf("crdgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	return stdout.String()
}

// commandLineHeader and commandLineFooter are the hand-written text of
// docs/reference/command-line.md around what crdgen prints.
const commandLineHeader = `# Command-line reference

<!-- Written by TestCommandLineReference (cmd/crdgen/docs_test.go) from what
"crdgen -h" and "crdgen COMMAND -h" print; "go test ./cmd/crdgen -update"
rewrites it. Edit the commands' help in cmd/crdgen, not this file. -->

Every command that reads packages takes them as Go package patterns
(` + "`./api/...`" + `; ` + "`crdgen validate`" + `, whose arguments are manifests, as ` + "`--packages`" + `),
or from ` + "`packages:`" + ` in [crdgen.yaml](crdgen-yaml.md), whose
settings are the flags' defaults (a flag on the command line wins). This
page is what ` + "`crdgen COMMAND -h`" + ` prints, command by command. The guides
say more: [generate](../guides/generate.md),
[drift and breaking changes](../guides/drift-and-breaking-changes.md),
[CEL and costs](../guides/cel-and-costs.md),
[conversion](../guides/conversion.md), [feature sets](../guides/feature-sets.md),
[CRD tests](../guides/crd-tests.md), [validating manifests](../guides/validate.md).

`

const commandLineFooter = `## ` + "`crdgen markers`" + `

Takes no arguments and prints every marker crdgen reads, with its syntax,
where it goes and what it does: the [marker reference](markers.md) is
that list.

## ` + "`crdgen version`" + `

Prints crdgen's version: the module version it was built at, or ` + "`(devel)`" + `.

## Exit codes

- 0: success.
- 1: the input has errors, or (with ` + "`--check`" + `) an output is stale; ` + "`crdgen diff`" + `:
  a breaking change that ` + "`--allow`" + ` does not accept; ` + "`crdgen cost`" + `: a rule over
  budget, that does not compile, or above ` + "`--fail-above`" + `; ` + "`crdgen test`" + `: a case
  failed.
- 2: the command line is wrong; ` + "`crdgen test`" + `: a malformed suite.

## Environment

- ` + "`CRDGEN_CONFIG=FILE`" + `: read the settings from FILE instead of looking for
  ` + "`crdgen.yaml`" + `.
- ` + "`CRDGEN_CACHE=DIR`" + `: crdgen's cache directory (default: ` + "`crdgen`" + ` in the user
  cache directory); ` + "`off`" + ` turns every cache off, as ` + "`--no-cache`" + ` does. See
  [what crdgen keeps between runs](loading.md#what-crdgen-keeps-between-runs).
- The go command's environment (` + "`GOFLAGS`" + `, ` + "`GOOS`" + `, ` + "`GOARCH`" + `, ` + "`CGO_ENABLED`" + `,
  ` + "`GOPACKAGESDRIVER`" + `, ` + "`go.work`" + `) means what it means to ` + "`go build`" + `: see
  [how packages are loaded](loading.md).
- ` + "`INFLECT_PATH`" + `, ` + "`ACRONYMS_PATH`" + ` (and ` + "`inflections.json`" + `, ` + "`acronyms.json`" + `): custom
  inflections for pluralization, read as controller-gen reads them; they
  change CRD names.
- ` + "`GOGC`" + `, ` + "`GOMEMLIMIT`" + `: when either is set, the garbage collector runs as it
  says; otherwise crdgen holds it off until the process holds 24 MiB
  ([performance](../contributing/performance.md#how-a-run-is-kept-fast)).
`

// TestCommandLineReference pins docs/reference/command-line.md to the
// help crdgen prints: its usage, then each package command's, whose flag
// lists are written from the command's flag set, so the page cannot list
// a flag the command does not have, or miss one.
func TestCommandLineReference(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(commandLineHeader)
	fmt.Fprintf(&b, "## `crdgen`\n\n```\n%s```\n\n", helpOf(t, "help"))
	for _, c := range packageCommands() {
		fmt.Fprintf(&b, "## `crdgen %s`\n\n```\n%s```\n\n", c.Name, helpOf(t, c.Name, "-h"))
	}
	fmt.Fprintf(&b, "## `crdgen migrate`\n\n```\n%s```\n\n", helpOf(t, "migrate", "-h"))
	b.WriteString(commandLineFooter)
	golden.Check(t, filepath.Join(repoRoot(t), "docs", "reference", "command-line.md"), b.Bytes())
}

// TestMarkersReference pins docs/reference/markers.md to what
// "crdgen markers" prints, grouped by namespace.
func TestMarkersReference(t *testing.T) {
	out := helpOf(t, "markers")
	body, note, _ := strings.Cut(out, "\n\n")
	type group struct {
		name    string
		entries []string
	}
	var groups []*group
	other := &group{name: "Markers without a namespace"}
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i += 2 {
		if !strings.HasPrefix(lines[i], "+") || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "    on a ") {
			t.Fatalf("crdgen markers: line %d is not a marker and its doc: %q", i+1, lines[i:min(i+2, len(lines))])
		}
		entry := lines[i] + "\n" + lines[i+1] + "\n"
		name := strings.TrimPrefix(lines[i], "+")
		name = name[:strings.IndexFunc(name+"=", func(r rune) bool { return r == '=' || r == '[' })]
		ns, _, ok := strings.Cut(name, ":")
		if !ok {
			other.entries = append(other.entries, entry)
			continue
		}
		title := "`+" + ns + ":`"
		gi := slices.IndexFunc(groups, func(g *group) bool { return g.name == title })
		if gi < 0 {
			groups = append(groups, &group{name: title})
			gi = len(groups) - 1
		}
		groups[gi].entries = append(groups[gi].entries, entry)
	}
	groups = append(groups, other)

	var b bytes.Buffer
	b.WriteString(`# Markers

<!-- Written by TestMarkersReference (cmd/crdgen/docs_test.go) from what
"crdgen markers" prints; "go test ./cmd/crdgen -update" rewrites it. A
marker's help is the doc of its definition in pkg/markers (defs_*.go). -->

Every marker crdgen reads, as ` + "`crdgen markers`" + ` prints it: its syntax (` + "`<string>`" + `,
` + "`<integer>`" + `, ` + "`<json>`" + `... say what a value is; ` + "`[...]`" + ` is optional), where it
may go, and what it does. The syntax itself (quoting, lists, maps) is
described in [pkg/markers/doc.go](../../pkg/markers/doc.go).

`)
	for _, g := range groups {
		fmt.Fprintf(&b, "## %s\n\n```\n%s```\n\n", g.name, strings.Join(g.entries, ""))
	}
	b.WriteString(strings.TrimSpace(note) + "\n")
	golden.Check(t, filepath.Join(repoRoot(t), "docs", "reference", "markers.md"), b.Bytes())
}

// TestDiagnosticCodesAreDocumented checks that the diagnostics reference
// names every code crdgen reports.
func TestDiagnosticCodesAreDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "reference", "diagnostics.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range markers.Codes() {
		if !bytes.Contains(doc, []byte("`"+string(c)+"`")) {
			t.Errorf("docs/reference/diagnostics.md does not name the code %s", c)
		}
	}
}

// TestDocsLinksResolve checks every relative link of README.md,
// CHANGELOG.md and docs/**/*.md: its file or directory exists, and an
// #anchor into a Markdown file is one of its headings' anchors as GitHub
// makes them.
func TestDocsLinksResolve(t *testing.T) {
	root := repoRoot(t)
	pages := []string{"README.md", "CHANGELOG.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(root, path)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{} // by slash path from root
	anchorsOf := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			t.Fatal(err)
		}
		anchors[page] = headingAnchors(string(data))
		return anchors[page]
	}
	for _, page := range pages {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range markdownLinks(string(data)) {
			target, anchor, _ := strings.Cut(l.target, "#")
			dest := page
			if target != "" {
				dest = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(page), target)))
				if dest == ".." || strings.HasPrefix(dest, "../") {
					t.Errorf("%s:%d: link %q leaves the repository", page, l.line, l.target)
					continue
				}
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
					t.Errorf("%s:%d: link %q: no file %s", page, l.line, l.target, dest)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(dest, ".md") && !anchorsOf(dest)[anchor] {
				t.Errorf("%s:%d: link %q: %s has no heading with the anchor #%s", page, l.line, l.target, dest, anchor)
			}
		}
	}
}

// link is a link of a Markdown page: its target and its line.
type link struct {
	target string
	line   int
}

var (
	// inlineLink matches an inline link or image, [text](target) or
	// [text](target "title"); the text may hold one level of brackets.
	inlineLink = regexp.MustCompile(`\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^()\s>]*)>?(?:\s+"[^"]*")?\s*\)`)
	// codeSpan matches an inline code span, whose text is not Markdown.
	codeSpan = regexp.MustCompile("`+[^`]*`+")
	// uriScheme matches the start of an absolute URL (https:, mailto:).
	uriScheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// markdownLinks returns the relative link targets of a page, leaving out
// fenced code blocks, code spans and absolute URLs.
func markdownLinks(page string) []link {
	var out []link
	fenced := false
	for i, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			if m[1] == "" || uriScheme.MatchString(m[1]) {
				continue
			}
			out = append(out, link{target: m[1], line: i + 1})
		}
	}
	return out
}

// headingAnchors returns the anchors GitHub gives a page's headings: the
// heading's text in lower case, without punctuation but '-' and '_', with
// spaces as '-'; a repeated anchor gets -1, -2, ...
func headingAnchors(page string) map[string]bool {
	out := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if text == "" || text[0] != ' ' {
			continue
		}
		text = inlineLink.ReplaceAllStringFunc(strings.TrimSpace(text), func(l string) string {
			return l[1:strings.LastIndex(l, "](")]
		})
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchor := b.String()
		for n := 1; out[anchor]; n++ {
			anchor = fmt.Sprintf("%s-%d", b.String(), n)
		}
		out[anchor] = true
	}
	return out
}
