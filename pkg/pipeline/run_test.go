package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

func loadCase(t *testing.T, name string) *model.Model {
	t.Helper()
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	m, diags, err := parser.Load(context.Background(), []string{"./testdata/" + name + "/..."}, parser.Options{Dir: root, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Error})
	if err != nil || m == nil || diags.HasErrors() {
		t.Fatalf("load %s: %v %v", name, err, diags)
	}
	return m
}

// TestRunWritesEveryCRDOnce checks a run's result: a file per CRD, in
// memory or spooled, the same bytes each time, the objects only when kept,
// and the phases timed.
func TestRunWritesEveryCRDOnce(t *testing.T) {
	m := loadCase(t, "printer_columns_and_selectable_fields")
	var first map[string]string
	for _, budget := range []int64{0, 1} {
		ph := NewPhases()
		res, diags, err := Run(m, nil, Options{MemoryBudget: budget}, ph)
		if err != nil || res == nil || diags.HasErrors() {
			t.Fatalf("Run: %v %v", err, diags)
		}
		got := map[string]string{}
		for name, f := range res.Files {
			data, err := f.Bytes()
			if err != nil || !strings.HasPrefix(string(data), "---\n") || f.Spooled() != (budget == 1) {
				t.Fatalf("%s: %q, %v, spooled %v", name, data, err, f.Spooled())
			}
			got[name] = string(data)
		}
		res.Close()
		if len(got) != len(res.CRDs) || len(got) == 0 || res.CRDs[0].Object != nil || res.Cost == nil {
			t.Fatalf("%d files for %d CRDs (objects kept: %v)", len(got), len(res.CRDs), res.CRDs[0].Object != nil)
		}
		if first != nil && !mapsEqual(first, got) {
			t.Fatal("a spooled run wrote other bytes")
		}
		first = got
		for _, phase := range []string{"prepare", "CRDs", "schemas", "encode", "validate", "CEL"} {
			if _, ok := ph.Of(phase); !ok {
				t.Errorf("phase %s not timed: %s", phase, ph)
			}
		}
	}
	res, _, _ := Run(m, nil, Options{KeepObjects: true}, nil)
	defer res.Close()
	if res.CRDs[0].Object == nil {
		t.Error("KeepObjects kept no object")
	}
}

// TestRunWithErrorsMakesNothing checks that a run with errors returns no
// result but every error, the load's included.
func TestRunWithErrorsMakesNothing(t *testing.T) {
	m := loadCase(t, "printer_columns_and_selectable_fields")
	var loadDiags markers.ErrorList
	loadDiags.Errorf(m.Packages[0].Types[0].Pos, markers.CodeSchema, "a load error")
	res, diags, err := Run(m, loadDiags, Options{}, nil)
	if err != nil || res != nil || !strings.Contains(fmt.Sprint(diags), "a load error") {
		t.Fatalf("Run with a load error: %v, %v, %v", res, diags, err)
	}
	res, diags, err = Run(&model.Model{}, nil, Options{Patterns: []string{"./nothing/..."}}, nil)
	if err != nil || res != nil || !strings.Contains(fmt.Sprint(diags), "no kinds found in ./nothing/...") {
		t.Fatalf("Run on no kinds: %v, %v, %v", res, diags, err)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
