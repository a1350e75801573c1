package markers

// This file implements diagnostics as JSON, for tools, beside their text
// (Diagnostic.String) and GitHub Actions (Diagnostic.GitHub) forms.

import "encoding/json"

// jsonDiag is one diagnostic in the JSON form.
type jsonDiag struct {
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Column   int           `json:"column"`
	Severity string        `json:"severity"`
	Code     Code          `json:"code"`
	Message  string        `json:"message"`
	Related  []jsonRelated `json:"related,omitempty"`
}

// jsonRelated is a related place of a diagnostic.
type jsonRelated struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// jsonReport is the JSON form of a run's diagnostics: one document.
type jsonReport struct {
	Diagnostics []jsonDiag `json:"diagnostics"`
	Errors      int        `json:"errors"`
	Warnings    int        `json:"warnings"`
}

// JSON renders the diagnostics, in their order, as one indented JSON
// object: {"diagnostics": [{file, line, column, severity, code, message,
// related}...], "errors": N, "warnings": M}; with no diagnostic the list is
// [], so that tools can always parse it.
func (l ErrorList) JSON() []byte {
	out := []jsonDiag{}
	for _, d := range l {
		j := jsonDiag{File: d.Pos.Filename, Line: d.Pos.Line, Column: d.Pos.Column,
			Severity: d.Severity.String(), Code: d.Code, Message: d.Msg}
		for _, r := range d.Related {
			j.Related = append(j.Related, jsonRelated{File: r.Pos.Filename, Line: r.Pos.Line, Column: r.Pos.Column, Message: r.Msg})
		}
		out = append(out, j)
	}
	errs, warns := l.Count()
	data, _ := json.MarshalIndent(jsonReport{Diagnostics: out, Errors: errs, Warnings: warns}, "", "  ")
	return data
}
