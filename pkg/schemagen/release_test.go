package schemagen

import (
	"reflect"
	"testing"
)

// TestDoneDropsOnlyWhatNoCRDNeeds builds each CRD of cases whose CRDs share
// types, calling Done after each one (last to first, so that shared types
// are dropped as late as possible, and first to last), and requires every
// CRD equal to one built from a plan on which Done was never called. It
// fails when Done drops a raw schema a CRD still to be built reaches.
func TestDoneDropsOnlyWhatNoCRDNeeds(t *testing.T) {
	sharedInAll := 0
	for _, name := range []string{"e2e_api", "three_versions_storage_and_deprecated", "go_shapes", "well_known_types", "crontab_every_validation_marker"} {
		t.Run(name, func(t *testing.T) {
			m := loadGolden(t, name)
			opts := Options{ToolVersion: "v0"}
			fresh, _ := Prepare(m, opts)
			if fresh.Len() < 1 {
				t.Fatal("the case has no CRD")
			}
			var want []*CRD
			for i := range fresh.Len() {
				crd, _ := fresh.Build(i)
				want = append(want, crd)
			}
			shared := 0
			for _, u := range fresh.uses.left {
				if u.Load() > 1 {
					shared++
				}
			}
			for _, order := range [][]int{reversed(fresh.Len()), forward(fresh.Len())} {
				p, _ := Prepare(m, opts)
				for _, i := range order {
					got, _ := p.Build(i)
					p.Done(i)
					if !reflect.DeepEqual(got, want[i]) {
						t.Errorf("CRD %d built after the others were done differs from a fresh build", i)
					}
				}
				for t2, u := range p.uses.left {
					raw := p.g.raw[t2]
					if n := u.Load(); n != 0 || raw != nil && !reflect.ValueOf(*raw).IsZero() {
						t.Errorf("%s: %d uses left, raw schema kept", t2.Ident, n)
					}
				}
			}
			t.Logf("%d CRDs, %d types reached by more than one", fresh.Len(), shared)
			sharedInAll += shared
		})
	}
	if sharedInAll == 0 {
		t.Error("no case has a type two CRDs reach: the test checks nothing")
	}
}

func TestBuildAfterDonePanics(t *testing.T) {
	m := loadGolden(t, "go_shapes")
	p, _ := Prepare(m, Options{})
	p.Done(0)
	defer func() {
		if recover() == nil {
			t.Error("Build after Done did not panic")
		}
	}()
	p.Build(0)
}

func forward(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func reversed(n int) []int {
	out := forward(n)
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
