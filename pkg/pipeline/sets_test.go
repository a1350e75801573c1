package pipeline

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// TestRunSetsBuildsEachSet runs the pipeline per feature set: one result
// per set in the sets' order, each built with its set (the gated kind
// Gizmo is in the preview set alone), and the reports of all the sets
// together; without sets, one result with no set.
func TestRunSetsBuildsEachSet(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	m, diags, err := parser.Load(context.Background(), []string{"./testdata/feature_sets_gate_versions_kinds_fields_markers/..."},
		parser.Options{Dir: root, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Error, FeatureGates: []string{"Legacy", "Preview"}, FeatureSets: true})
	if err != nil || m == nil || diags.HasErrors() {
		t.Fatalf("load: %v %v", err, diags)
	}
	sets := []*featureset.Set{{Name: "stable"}, {Name: "preview", Gates: []string{"Preview"}}}
	var asked []string
	opts := func(s *featureset.Set) Options {
		asked = append(asked, s.Name)
		return Options{CostReport: true}
	}
	rs, diags, err := RunSets(m, nil, sets, opts, nil)
	if err != nil || diags.HasErrors() || !rs.Built() {
		t.Fatalf("RunSets: %v %v", err, diags)
	}
	defer rs.Close()
	if len(rs) != 2 || rs[0].SetName() != "stable" || rs[1].SetName() != "preview" || !slices.Equal(asked, []string{"stable", "preview"}) {
		t.Fatalf("results %v for sets asked %v", rs, asked)
	}
	yaml := func(sr SetResult) string {
		var b strings.Builder
		for _, name := range slices.Sorted(maps.Keys(sr.Result.Files)) {
			data, err := sr.Result.Files[name].Bytes()
			if err != nil {
				t.Fatal(err)
			}
			b.Write(data)
		}
		return b.String()
	}
	if stable, preview := yaml(rs[0]), yaml(rs[1]); len(rs[0].Result.Files) != 1 || len(rs[1].Result.Files) != 2 || strings.Contains(stable, "gizmoes") || !strings.Contains(preview, "gizmoes") {
		t.Errorf("the sets' CRDs do not differ by the Preview gate:\n%s\n---\n%s", stable, preview)
	}
	dirs := rs.VersionDirs()
	if len(dirs) != 2 || filepath.Base(dirs[0]) != "v1" || filepath.Base(dirs[1]) != "v1beta1" {
		t.Errorf("VersionDirs = %q", dirs)
	}
	report, err := rs.CostReports(celcost.FormatText)
	if err != nil || !strings.Contains(string(report), "stable") || !strings.Contains(string(report), "preview") {
		t.Errorf("CostReports names not both sets: %v\n%s", err, report)
	}

	one, _, err := RunSets(m, nil, nil, func(*featureset.Set) Options { return Options{} }, nil)
	if err != nil || len(one) != 1 || one[0].Set != nil || one[0].SetName() != "" || !one.Built() {
		t.Fatalf("RunSets without sets: %v %v", one, err)
	}
	if built, reused := one.Reused(); built != 1 || reused != 0 {
		t.Errorf("Reused = %d, %d; want 1 built, none reused", built, reused)
	}
	one.Close()
	if (SetResults{{Result: nil}}).Built() || SetResults(nil).Built() {
		t.Error("Built with a result missing, or none, is true")
	}
}
