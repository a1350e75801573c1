package crddiff

// This file implements what crdgen diff reports: every change and lint
// finding as an entry, allowed or not, at its Go source, and the report of
// several feature sets.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Entries compares next with previous and lints next. Each change is an
// entry, allowed when allow names its check (field-removed) or its id; a
// change with a field path is at the Go source locate gives for its CRD
// and path (locate may be nil, and returns an invalid position when it does
// not know). failed reports a breaking or security change not allowed.
func Entries(previous, next []*apiextv1.CustomResourceDefinition, allow []string, locate func(crd, fieldPath string) token.Position) (entries []Entry, failed bool) {
	changes := append(Compare(previous, next), Lint(next)...)
	entries = make([]Entry, len(changes))
	for i, c := range changes {
		e := Entry{Change: c, ID: c.ID()}
		if c.Severity == Breaking || c.Severity == Security {
			e.Allowed = slices.Contains(allow, e.ID) || slices.Contains(allow, string(c.Check))
			failed = failed || !e.Allowed
		}
		if locate != nil && c.FieldPath != "" {
			e.Pos = locate(c.CRD, c.FieldPath)
			if e.Pos.IsValid() {
				e.Source = e.Pos.String()
			}
		}
		entries[i] = e
	}
	return entries, failed
}

// SetEntries are the entries of one feature set.
type SetEntries struct {
	Set     string
	Entries []Entry
}

// RenderSets writes the entries of several feature sets in a format (as
// Render's): each set under a "== feature set NAME" line, or in JSON a
// list of {featureSet, changes}.
func RenderSets(w io.Writer, sets []SetEntries, format string) error {
	if format != "json" {
		for _, s := range sets {
			fmt.Fprintf(w, "== feature set %s\n", s.Set)
			Render(w, s.Entries, format)
		}
		return nil
	}
	docs := []json.RawMessage{}
	for _, s := range sets {
		var one bytes.Buffer
		Render(&one, s.Entries, "json")
		entry, err := json.Marshal(map[string]any{"featureSet": s.Set, "changes": json.RawMessage(one.Bytes())})
		if err != nil {
			return err
		}
		docs = append(docs, entry)
	}
	data, err := json.MarshalIndent(docs, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
