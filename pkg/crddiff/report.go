package crddiff

// This file implements the report crdgen diff prints.

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Entry is a change as crdgen diff reports it: with its id, whether the
// user allowed it, and where it is in the Go source.
type Entry struct {
	Change
	ID      string `json:"id"`
	Allowed bool   `json:"allowed,omitempty"`
	// Pos is where the change is in the Go source, when crdgen knows.
	Pos token.Position `json:"-"`
	// Source is Pos as file:line:col, for JSON.
	Source string `json:"source,omitempty"`
}

// Render writes the changes in a format: text, json, markdown, or github
// (GitHub Actions workflow commands), each ending with the counts.
func Render(w io.Writer, entries []Entry, format string) {
	var breaking, security, allowed, safe, lint int
	for _, e := range entries {
		switch {
		case e.Allowed:
			allowed++
		case e.Severity == Breaking:
			breaking++
		case e.Severity == Security:
			security++
		case e.Severity == Finding:
			lint++
		default:
			safe++
		}
	}
	summary := fmt.Sprintf("%d breaking, %d security, %d allowed, %d safe, %d lint", breaking, security, allowed, safe, lint)
	switch format {
	case "json":
		data, _ := json.MarshalIndent(struct {
			Changes []Entry `json:"changes"`
			Summary string  `json:"summary"`
		}{append([]Entry{}, entries...), summary}, "", "  ")
		fmt.Fprintf(w, "%s\n", data)
	case "markdown":
		fmt.Fprintf(w, "| | CRD | version | field | change | id |\n|---|---|---|---|---|---|\n")
		for _, e := range entries {
			msg := e.Message
			if e.Note != "" {
				msg += " (" + e.Note + ")"
			}
			fmt.Fprintf(w, "| %s | %s | %s | `%s` | %s | `%s` |\n", label(e), e.CRD, e.Version, orDash(e.Path), strings.ReplaceAll(msg, "|", "\\|"), e.ID)
		}
		fmt.Fprintf(w, "\n%s\n", summary)
	case "github":
		for _, e := range entries {
			if e.Severity == Safe {
				continue
			}
			d := markers.Diagnostic{Pos: e.Pos, Code: markers.CodeBreaking, Msg: describe(e)}
			if e.Severity == Security {
				d.Code = markers.CodeUnknownFields
			}
			if e.Severity == Finding {
				d.Code, d.Severity = markers.CodeLint, markers.Warning
			} else if e.Allowed {
				d.Severity = markers.Warning
			}
			fmt.Fprintln(w, d.GitHub())
		}
		fmt.Fprintln(w, summary)
	default:
		for _, e := range entries {
			fmt.Fprintf(w, "%-9s %s [%s]\n", label(e), headline(e), e.ID)
			var more []string
			if e.Source != "" {
				more = append(more, e.Source)
			}
			if e.Note != "" {
				more = append(more, e.Note)
			}
			if len(more) > 0 {
				fmt.Fprintf(w, "    %s\n", strings.Join(more, ": "))
			}
		}
		fmt.Fprintln(w, summary)
	}
}

// headline writes where a change is and what it is.
func headline(e Entry) string {
	s := e.CRD
	if e.Version != "" {
		s += " " + e.Version
	}
	if e.Path != "" {
		s += " " + e.Path
	}
	return s + ": " + e.Message
}

// describe writes a change on one line: where, what, why, and its id.
func describe(e Entry) string {
	s := headline(e)
	if e.Note != "" {
		s += " (" + e.Note + ")"
	}
	return s + " [" + e.ID + "]"
}

func label(e Entry) string {
	switch {
	case e.Allowed:
		return "allowed"
	case e.Severity == Finding:
		return "lint"
	}
	return string(e.Severity)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
