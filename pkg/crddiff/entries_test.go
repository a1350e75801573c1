package crddiff

import (
	"bytes"
	"encoding/json"
	"go/token"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// TestEntriesAllowAndLocate checks what Entries makes of the changes: a
// breaking change fails the run until --allow names its check or its id,
// and each change is at the source locate gives.
func TestEntriesAllowAndLocate(t *testing.T) {
	prev := []*apiextv1.CustomResourceDefinition{crd(t, "type: object\nproperties:\n  size: {type: integer}\n  color: {type: string}")}
	next := []*apiextv1.CustomResourceDefinition{crd(t, "type: object\nproperties:\n  color: {type: string}")}
	var asked []string
	locate := func(crd, path string) token.Position {
		asked = append(asked, crd+" "+path)
		return token.Position{Filename: "api/v1/types.go", Line: 7, Column: 2}
	}
	entries, failed := Entries(prev, next, nil, locate)
	var removed *Entry
	for i := range entries {
		if entries[i].Check == "field-removed" {
			removed = &entries[i]
		}
	}
	if removed == nil || !failed || removed.Allowed {
		t.Fatalf("removing spec.size: entries %+v, failed %v", entries, failed)
	}
	if removed.Source != "api/v1/types.go:7:2" || len(asked) == 0 || !strings.HasPrefix(asked[0], "widgets.example.com ") {
		t.Errorf("source %q, locate asked %q", removed.Source, asked)
	}
	for _, allow := range []string{"field-removed", removed.ID} {
		if _, failed := Entries(prev, next, []string{allow}, nil); failed {
			t.Errorf("--allow %s: still failed", allow)
		}
	}
	if entries, _ := Entries(prev, next, nil, nil); entries[0].Source != "" {
		t.Errorf("no locate, yet a source %q", entries[0].Source)
	}
}

// TestRenderSetsNamesEachSet checks the report of several feature sets:
// a heading per set, or a JSON list of {featureSet, changes}.
func TestRenderSetsNamesEachSet(t *testing.T) {
	prev := []*apiextv1.CustomResourceDefinition{crd(t, "type: object\nproperties:\n  size: {type: integer}")}
	next := []*apiextv1.CustomResourceDefinition{crd(t, "type: object")}
	breaking, _ := Entries(prev, next, nil, nil)
	same, _ := Entries(prev, prev, nil, nil)
	sets := []SetEntries{{Set: "stable", Entries: same}, {Set: "preview", Entries: breaking}}

	var text bytes.Buffer
	if err := RenderSets(&text, sets, "text"); err != nil {
		t.Fatal(err)
	}
	stable, preview, ok := strings.Cut(text.String(), "== feature set preview\n")
	if !ok || !strings.HasPrefix(stable, "== feature set stable\n") || strings.Contains(stable, "field-removed") || !strings.Contains(preview, "field-removed") {
		t.Errorf("text report:\n%s", text.String())
	}

	var js bytes.Buffer
	if err := RenderSets(&js, sets, "json"); err != nil {
		t.Fatal(err)
	}
	var got []struct {
		FeatureSet string          `json:"featureSet"`
		Changes    json.RawMessage `json:"changes"`
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil || len(got) != 2 || got[0].FeatureSet != "stable" || got[1].FeatureSet != "preview" ||
		!strings.Contains(string(got[1].Changes), "field-removed") || strings.Contains(string(got[0].Changes), "field-removed") {
		t.Errorf("JSON report (%v):\n%s", err, js.String())
	}
}
