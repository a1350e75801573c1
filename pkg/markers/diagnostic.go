package markers

import (
	"cmp"
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// Severity says whether a diagnostic stops generation.
type Severity int

const (
	// Error diagnostics make the run fail; nothing is written.
	Error Severity = iota
	// Warning diagnostics are printed but do not change the exit code.
	Warning
)

// String returns "error" or "warning".
func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Related is a second place that explains a diagnostic, such as the other
// end of a cycle or the declaration a marker refers to.
type Related struct {
	Pos token.Position
	Msg string
}

// Fix is an edit of the input that resolves a diagnostic, such as the
// did-you-mean rename of a misspelt marker: the text from Pos up to End, in
// Pos's file, becomes New. An editor or a linter offers it (go/analysis's
// SuggestedFix); the command line prints only the message, which names the
// same change.
type Fix struct {
	// Msg says what the edit does ("rename to +kubebuilder:validation:Maximum").
	Msg      string
	Pos, End token.Position
	New      string
}

// Diagnostic is one problem found in the input, kept as data until it is
// printed at the edge of the program.
type Diagnostic struct {
	Pos      token.Position
	Severity Severity
	Code     Code
	Msg      string
	Related  []Related
	// Fix is the edit that resolves the problem, when there is one sure
	// enough to offer (nil: none).
	Fix *Fix `json:",omitempty"`
}

// String formats the diagnostic as "file:line:col: error: message" (or
// "warning: "), followed by one tab-indented line per related position, so
// that a reader can tell errors from warnings in a mixed list and grep for
// either.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(posString(d.Pos))
	b.WriteString(": ")
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Msg)
	for _, r := range d.Related {
		b.WriteString("\n\t")
		b.WriteString(posString(r.Pos))
		b.WriteString(": ")
		b.WriteString(r.Msg)
	}
	return b.String()
}

// posString prints a position the way go/scanner does, "crdgen" for a
// diagnostic about the run with no place in a file (it reads like the
// command's own messages), and "<input>" for a line in no named file (buf
// prints unknown files the same way).
func posString(p token.Position) string {
	if p.Filename == "" && p.Line == 0 {
		return "crdgen"
	}
	if p.Filename == "" {
		p.Filename = "<input>"
	}
	return p.String()
}

// ErrorList collects every diagnostic of a run. The zero value is ready to use.
type ErrorList []Diagnostic

// Add appends a diagnostic.
func (l *ErrorList) Add(d Diagnostic) { *l = append(*l, d) }

// Errorf appends an error diagnostic.
func (l *ErrorList) Errorf(pos token.Position, code Code, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// Warnf appends a warning diagnostic.
func (l *ErrorList) Warnf(pos token.Position, code Code, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Severity: Warning, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// Append adds every diagnostic of other.
func (l *ErrorList) Append(other ErrorList) { *l = append(*l, other...) }

// HasErrors reports whether any diagnostic is an error.
func (l ErrorList) HasErrors() bool {
	return slices.ContainsFunc(l, func(d Diagnostic) bool { return d.Severity == Error })
}

// Errors returns only the error diagnostics.
func (l ErrorList) Errors() ErrorList {
	var out ErrorList
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Sorted returns the diagnostics sorted by file, line, column and message,
// with exact duplicates removed (as go/scanner.ErrorList and buf do).
func (l ErrorList) Sorted() ErrorList {
	out := slices.Clone(l)
	slices.SortStableFunc(out, compareDiagnostics)
	return slices.CompactFunc(out, func(a, b Diagnostic) bool {
		return compareDiagnostics(a, b) == 0 && a.Severity == b.Severity && relatedEqual(a.Related, b.Related)
	})
}

func compareDiagnostics(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Filename, b.Pos.Filename),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.Msg, b.Msg),
	)
}

func relatedEqual(a, b []Related) bool {
	return slices.EqualFunc(a, b, func(x, y Related) bool { return x == y })
}

// Err returns nil when the list holds no error, and otherwise an error whose
// text is the first error followed by "(and N more errors)".
func (l ErrorList) Err() error {
	errs := l.Errors()
	if len(errs) == 0 {
		return nil
	}
	return errorListError(errs.Sorted())
}

type errorListError ErrorList

// AsErrorList returns the diagnostics of an error Err made (ok is false
// for any other error), so that a caller can print each at its position.
func AsErrorList(err error) (l ErrorList, ok bool) {
	var e errorListError
	if errors.As(err, &e) {
		return ErrorList(e), true
	}
	return nil, false
}

func (e errorListError) Error() string {
	switch len(e) {
	case 0:
		return "no errors"
	case 1:
		return e[0].String()
	}
	return fmt.Sprintf("%s (and %d more errors)", e[0].String(), len(e)-1)
}
