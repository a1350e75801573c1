package validate

// This file implements writing a report: as text (each problem as
// file:line:col: error: message, the objects skipped in one line, a
// summary), as JSON (every object's verdict and every problem), or as
// GitHub Actions workflow commands.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Formats of Render.
const (
	FormatText   = crtest.FormatText
	FormatJSON   = crtest.FormatJSON
	FormatGitHub = crtest.FormatGitHub
)

// Render writes a report in a format; rel shortens paths.
func Render(r *Report, format string, rel func(string) string) []byte {
	var b bytes.Buffer
	diags := slices.Clone(r.Diags)
	for i := range diags {
		diags[i].Pos.Filename = rel(diags[i].Pos.Filename)
	}
	summary := r.summary()
	switch format {
	case FormatJSON:
		data, _ := json.MarshalIndent(r.jsonReport(diags, rel, summary), "", "  ")
		b.Write(append(data, '\n'))
	case FormatGitHub:
		for _, d := range diags {
			fmt.Fprintln(&b, d.GitHub())
		}
		if s := r.skippedLine(); s != "" {
			fmt.Fprintf(&b, "::notice title=crdgen validate::%s\n", s)
		}
		fmt.Fprintf(&b, "::notice title=crdgen validate::%s\n", summary)
	default:
		for _, d := range diags {
			fmt.Fprintln(&b, d.String())
		}
		if s := r.skippedLine(); s != "" {
			fmt.Fprintln(&b, s)
		}
		fmt.Fprintln(&b, summary)
	}
	return b.Bytes()
}

// counts are how many objects came to each state.
func (r *Report) counts() map[string]int {
	out := map[string]int{}
	for _, v := range r.Verdicts {
		out[v.State]++
	}
	return out
}

// summary is the last line: ok: 8 objects valid (3 inputs), or FAIL: 2 of
// 10 objects invalid (...).
func (r *Report) summary() string {
	c := r.counts()
	judged := len(r.Verdicts) - c[Skipped]
	bad := c[Invalid] + c[Unknown]
	where := count(r.Inputs, "input")
	errs, warns := r.Diags.Count()
	if r.Failed() {
		if bad == 0 {
			return fmt.Sprintf("FAIL: %s (%s valid, %s)", count(errs, "error"), count(judged, "object"), where)
		}
		return fmt.Sprintf("FAIL: %d of %s invalid, %s (%s)", bad, count(judged, "object"), count(errs, "error"), where)
	}
	s := fmt.Sprintf("ok: %s valid (%s)", count(judged, "object"), where)
	if warns > 0 {
		s += fmt.Sprintf("; %s", count(warns, "warning"))
	}
	return s
}

// skippedLine says, in one line, which objects were skipped and why.
func (r *Report) skippedLine() string {
	byWhy := map[string]map[string]int{}
	n := 0
	for _, v := range r.Verdicts {
		if v.State != Skipped {
			continue
		}
		if byWhy[v.Skip] == nil {
			byWhy[v.Skip] = map[string]int{}
		}
		byWhy[v.Skip][v.Object.Kind]++
		n++
	}
	if n == 0 {
		return ""
	}
	var parts []string
	for _, why := range slices.Sorted(maps.Keys(byWhy)) {
		var kinds []string
		for _, k := range slices.Sorted(maps.Keys(byWhy[why])) {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, byWhy[why][k]))
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", why, strings.Join(kinds, ", ")))
	}
	return fmt.Sprintf("skipped %s: %s; crdgen validate judges custom resources, with their CRDs", count(n, "object"), strings.Join(parts, "; "))
}

// count is n things, in the singular for one.
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

type jsonReport struct {
	Objects     []jsonObject `json:"objects"`
	Diagnostics []jsonDiag   `json:"diagnostics"`
	Valid       int          `json:"valid"`
	Invalid     int          `json:"invalid"`
	Skipped     int          `json:"skipped"`
	Summary     string       `json:"summary"`
}

type jsonObject struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace,omitempty"`
	Name       string `json:"name,omitempty"`
	Verdict    string `json:"verdict"`
	Skipped    string `json:"skipped,omitempty"`
	Update     bool   `json:"update,omitempty"`
}

type jsonDiag struct {
	File     string       `json:"file"`
	Line     int          `json:"line"`
	Column   int          `json:"column"`
	Severity string       `json:"severity"`
	Code     markers.Code `json:"code"`
	Message  string       `json:"message"`
}

func (r *Report) jsonReport(diags markers.ErrorList, rel func(string) string, summary string) jsonReport {
	c := r.counts()
	out := jsonReport{Objects: []jsonObject{}, Diagnostics: []jsonDiag{}, Valid: c[Valid], Invalid: c[Invalid] + c[Unknown], Skipped: c[Skipped], Summary: summary}
	for _, v := range r.Verdicts {
		o := v.Object
		out.Objects = append(out.Objects, jsonObject{File: rel(o.Pos.Filename), Line: o.Pos.Line, Column: o.Pos.Column,
			APIVersion: o.APIVersion, Kind: o.Kind, Namespace: o.Namespace, Name: o.Name, Verdict: v.State, Skipped: v.Skip, Update: v.Update})
	}
	for _, d := range diags {
		out.Diagnostics = append(out.Diagnostics, jsonDiag{File: d.Pos.Filename, Line: d.Pos.Line, Column: d.Pos.Column,
			Severity: d.Severity.String(), Code: d.Code, Message: d.Msg})
	}
	return out
}

// Stored is the objects as the server would store them (Options.
// ShowDefaults), as one YAML stream, each headed by where it was read.
func Stored(r *Report, rel func(string) string) []byte {
	var b bytes.Buffer
	for _, v := range r.Verdicts {
		if v.Stored == nil {
			continue
		}
		o := v.Object
		fmt.Fprintf(&b, "---\n# %s:%d:%d: %s as the API server would store it\n", rel(o.Pos.Filename), o.Pos.Line, o.Pos.Column, o.label())
		b.Write(v.Stored)
	}
	return b.Bytes()
}
