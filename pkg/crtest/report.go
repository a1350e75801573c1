package crtest

// This file implements writing the outcomes: as text (file:line:col of each
// failing case, what it expected and got, the diff of objects, and the Go
// source behind a validation error), as JSON, or as GitHub Actions
// workflow commands.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Formats of Render.
const (
	FormatText   = "text"
	FormatJSON   = "json"
	FormatGitHub = "github"
)

// Render writes outcomes in a format; rel shortens paths; verbose lists
// the cases that passed too (text).
func Render(outcomes []*Outcome, format string, rel func(string) string, verbose bool) []byte {
	var b bytes.Buffer
	failed, skipped := 0, 0
	for _, o := range outcomes {
		switch {
		case !o.Passed():
			failed++
		case o.Skipped != "":
			skipped++
		}
	}
	summary := summaryOf(len(outcomes)-skipped, failed, suitesOf(outcomes))
	if skipped > 0 {
		summary += fmt.Sprintf("; %s skipped", count(skipped, "case"))
	}
	switch format {
	case FormatJSON:
		data, _ := json.MarshalIndent(jsonReport{Cases: jsonCases(outcomes, rel), Passed: len(outcomes) - failed - skipped, Failed: failed, Skipped: skipped, Summary: summary}, "", "  ")
		b.Write(append(data, '\n'))
	case FormatGitHub:
		for _, o := range outcomes {
			if !o.Passed() {
				d := markers.Diagnostic{Pos: token.Position{Filename: rel(o.Suite.File), Line: o.Case.Line, Column: o.Case.Column},
					Code: markers.CodeTestFailed, Msg: fmt.Sprintf("FAIL %s: %s\n%s", o.Suite.Name, o.Case.Name, details(o, rel))}
				fmt.Fprintln(&b, d.GitHub())
			}
		}
		fmt.Fprintln(&b, summary)
	default:
		for _, o := range outcomes {
			if o.Skipped != "" {
				if verbose {
					fmt.Fprintf(&b, "%s: skip %s: %s (%s)\n", where(o, rel), o.Suite.Name, o.Case.Name, o.Skipped)
				}
				continue
			}
			if o.Passed() {
				if verbose {
					fmt.Fprintf(&b, "%s: ok   %s: %s\n", where(o, rel), o.Suite.Name, o.Case.Name)
				}
				continue
			}
			fmt.Fprintf(&b, "%s: FAIL %s: %s\n", where(o, rel), o.Suite.Name, o.Case.Name)
			for _, line := range strings.Split(details(o, rel), "\n") {
				fmt.Fprintf(&b, "\t%s\n", line)
			}
		}
		fmt.Fprintln(&b, summary)
	}
	return b.Bytes()
}

func where(o *Outcome, rel func(string) string) string {
	return fmt.Sprintf("%s:%d:%d", rel(o.Suite.File), o.Case.Line, o.Case.Column)
}

// details says what went wrong: the failure, the Go source behind an
// error, and the diff of objects.
func details(o *Outcome, rel func(string) string) string {
	lines := []string{o.Failure}
	for _, s := range o.Sources {
		lines = append(lines, fmt.Sprintf("%s: from here: %s: %s", posString(s.Pos, rel), s.Field, s.Message))
	}
	if o.Diff != "" {
		lines = append(lines, o.Diff)
	}
	return strings.Join(lines, "\n")
}

func posString(p token.Position, rel func(string) string) string {
	return fmt.Sprintf("%s:%d:%d", rel(p.Filename), p.Line, p.Column)
}

func suitesOf(outcomes []*Outcome) int {
	seen := map[*Suite]bool{}
	for _, o := range outcomes {
		seen[o.Suite] = true
	}
	return len(seen)
}

func summaryOf(cases, failed, suites int) string {
	if failed > 0 {
		return fmt.Sprintf("FAIL: %d of %s failed (%s)", failed, count(cases, "case"), count(suites, "suite"))
	}
	return fmt.Sprintf("ok: %s passed (%s)", count(cases, "case"), count(suites, "suite"))
}

// count is n things, in the singular for one.
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

type jsonReport struct {
	Cases   []jsonCase `json:"cases"`
	Passed  int        `json:"passed"`
	Failed  int        `json:"failed"`
	Skipped int        `json:"skipped,omitempty"`
	Summary string     `json:"summary"`
}

type jsonCase struct {
	Suite   string       `json:"suite"`
	Case    string       `json:"case"`
	File    string       `json:"file"`
	Line    int          `json:"line"`
	Column  int          `json:"column"`
	Passed  bool         `json:"passed"`
	Skipped string       `json:"skipped,omitempty"`
	Failure string       `json:"failure,omitempty"`
	Diff    string       `json:"diff,omitempty"`
	Sources []jsonSource `json:"sources,omitempty"`
}

type jsonSource struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

func jsonCases(outcomes []*Outcome, rel func(string) string) []jsonCase {
	out := []jsonCase{}
	for _, o := range outcomes {
		c := jsonCase{Suite: o.Suite.Name, Case: o.Case.Name, File: rel(o.Suite.File), Line: o.Case.Line, Column: o.Case.Column,
			Passed: o.Passed() && o.Skipped == "", Skipped: o.Skipped, Failure: o.Failure, Diff: o.Diff}
		for _, s := range o.Sources {
			c.Sources = append(c.Sources, jsonSource{File: rel(s.Pos.Filename), Line: s.Pos.Line, Column: s.Pos.Column, Field: s.Field, Message: s.Message})
		}
		out = append(out, c)
	}
	return out
}
