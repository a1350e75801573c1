package crtest

// This file implements counting a run's outcomes per case, and the
// known-wording table: the error messages whose wording changed between
// the Kubernetes version a project's suites were written against and the
// one crdgen links. A case that fails only because it expects the old
// wording is counted apart, with both texts; the table is applied only to
// count, never to pass: such a case still fails.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Wording is one piece of a message whose wording changed between
// Kubernetes versions.
type Wording struct {
	// Old is the text as the older API server writes it; New is a regular
	// expression of what crdgen's writes in its place.
	Old, New string
	// Why says what changed.
	Why string
}

// Wordings are the known changes of wording between Kubernetes 1.32
// (openshift/api's envtest) and the version crdgen links, the more
// specific first.
func Wordings() []Wording {
	const rule = "a CEL rule's failure names the value it judged, where 1.32 named its type"
	const str = `"(?:[^"\\]|\\.)*"`
	const num = `-?[0-9][0-9.e+-]*`
	return []Wording{
		{Old: `in body must be of type integer: "number"`, New: `in body must be of type int(?:32|64): "float64"`,
			Why: "a number where an int32 or int64 goes is named by its format and Go type"},
		{Old: `in body must be of type integer`, New: `in body must be of type int(?:32|64)`, Why: "an integer is named by its format"},
		{Old: `Invalid value: "number": `, New: `Invalid value: (?:"float64"|` + num + `): `, Why: rule + ", and a number where an integer goes its Go type"},
		{Old: `Invalid value: "": `, New: `Invalid value: (?:` + str + `|` + num + `): `, Why: rule + " (an int-or-string, whose type 1.32 named \"\")"},
		{Old: `Invalid value: "null"`, New: `Invalid value: null`, Why: rule + " (null)"},
		{Old: `"object": `, New: ``, Why: rule + " (an object: nothing)"},
		{Old: `"array": `, New: ``, Why: rule + " (a list: nothing)"},
		{Old: `"string": `, New: str + `: `, Why: rule},
		{Old: `"integer": `, New: num + `: `, Why: rule},
		{Old: `"boolean": `, New: `(?:true|false): `, Why: rule},
		{Old: `Duplicate value: map[string]interface {}{`, New: `Duplicate value: \{`, Why: "a duplicate item of a map list is written as JSON, where 1.32 wrote it as a Go value"},
		{Old: `", "`, New: `","`, Why: "the keys of a duplicate item, as JSON"},
	}
}

// wordingOf reports whether a failure is only one of wording: the error
// it got matches the case's expected text with each old text of the table
// read as itself or the new one.
func wordingOf(o *Outcome) bool {
	if o.Want == "" || o.Got == "" {
		return false
	}
	pattern, changed := regexp.QuoteMeta(o.Want), false
	for _, w := range Wordings() {
		old := regexp.QuoteMeta(w.Old)
		if strings.Contains(pattern, old) {
			pattern, changed = strings.ReplaceAll(pattern, old, "(?:"+old+"|"+w.New+")"), true
		}
	}
	if !changed {
		return false
	}
	re, err := regexp.Compile(pattern)
	return err == nil && re.MatchString(o.Got)
}

// Tally is what came of each case of a run, counted once however many
// times it ran (in how many sets or manifests).
type Tally struct {
	Cases, Runs                      int
	Passed, Failed, Wording, Skipped int
	// Wordings are the runs that failed only on wording, one per case.
	Wordings []*Outcome
	// Others are the runs that failed otherwise, one per case.
	Others []*Outcome
}

// TallyOf counts outcomes per case (a suite file's line and column): a
// case passed when every run passed, failed on wording when every failing
// run did, and was skipped when it never ran.
func TallyOf(outcomes []*Outcome) Tally {
	type caseKey struct {
		file         string
		line, column int
	}
	var order []caseKey
	byCase := map[caseKey][]*Outcome{}
	for _, o := range outcomes {
		k := caseKey{o.Suite.File, o.Case.Line, o.Case.Column}
		if byCase[k] == nil {
			order = append(order, k)
		}
		byCase[k] = append(byCase[k], o)
	}
	var t Tally
	for _, k := range order {
		t.Cases++
		var ran, failed []*Outcome
		for _, o := range byCase[k] {
			if o.Skipped == "" {
				ran = append(ran, o)
				if !o.Passed() {
					failed = append(failed, o)
				}
			}
		}
		t.Runs += len(ran)
		switch {
		case len(ran) == 0:
			t.Skipped++
		case len(failed) == 0:
			t.Passed++
		case !slices.ContainsFunc(failed, func(o *Outcome) bool { return !wordingOf(o) }):
			t.Wording++
			t.Wordings = append(t.Wordings, failed[0])
		default:
			t.Failed++
			t.Others = append(t.Others, failed[slices.IndexFunc(failed, func(o *Outcome) bool { return !wordingOf(o) })])
		}
	}
	return t
}

// Summary is the tally in one line.
func (t Tally) Summary() string {
	return fmt.Sprintf("%s: %d passed, %d failed only on the wording of an error (known wordings), %d failed otherwise, %d skipped (%s)",
		count(t.Cases, "case"), t.Passed, t.Wording, t.Failed, t.Skipped, count(t.Runs, "run"))
}

// RenderTally renders outcomes as Render does, then the tally: the cases
// that failed only on wording, with the expected and the actual text, and
// the tally's summary.
func RenderTally(outcomes []*Outcome, format string, rel func(string) string, verbose bool) []byte {
	out := Render(outcomes, format, rel, verbose)
	t := TallyOf(outcomes)
	if format == FormatJSON {
		var report map[string]any
		if json.Unmarshal(out, &report) == nil {
			report["tally"] = map[string]int{"cases": t.Cases, "runs": t.Runs, "passed": t.Passed, "wording": t.Wording, "failed": t.Failed, "skipped": t.Skipped}
			out, _ = json.MarshalIndent(report, "", "  ")
			out = append(out, '\n')
		}
		return out
	}
	var b bytes.Buffer
	b.Write(out)
	for _, o := range t.Wordings {
		fmt.Fprintf(&b, "%s: wording %s: %s\n\texpected: %s\n\tgot:      %s\n", where(o, rel), o.Suite.Name, o.Case.Name, o.Want, o.Got)
	}
	fmt.Fprintln(&b, t.Summary())
	return b.Bytes()
}
