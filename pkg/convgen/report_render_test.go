package convgen

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReportRender checks both formats of the lossiness report: the text
// table of WriteText, and JSON that reads back as the report.
func TestReportRender(t *testing.T) {
	r := &Report{Kinds: []KindReport{{Group: "example.com", Kind: "Widget", Hub: "v1"}}}
	text, err := r.Render("text")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	if err := r.WriteText(&want); err != nil || string(text) != want.String() {
		t.Errorf("text: %q, WriteText: %q (%v)", text, want.String(), err)
	}
	data, err := r.Render("json")
	if err != nil || !strings.HasSuffix(string(data), "}\n") || !strings.Contains(string(data), "\n  \"kinds\"") {
		t.Fatalf("json: %v\n%s", err, data)
	}
	var back Report
	if err := json.Unmarshal(data, &back); err != nil || len(back.Kinds) != 1 || back.Kinds[0].Kind != "Widget" || back.Kinds[0].Hub != "v1" {
		t.Errorf("json reads back as %+v (%v)", back, err)
	}
}
