package schemagen

import (
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
)

// TestSizeOptionsAreInTheKey checks that each option of a CRD's size is in
// its build's key (Plan.Key hashes Options), and that each one that
// changes the CRD of the budget case does change it.
func TestSizeOptionsAreInTheKey(t *testing.T) {
	m := loadGolden(t, "budget_trims_descriptions_deepest_first")
	base := Options{ToolVersion: "v0"}
	key := func(o Options) (string, *CRD) {
		p, _ := Prepare(m, o)
		crd, _ := p.Build(0)
		return p.Key(0), crd
	}
	want, _ := key(base)
	for name, o := range map[string]Options{
		"MaxCRDBytes":      {ToolVersion: "v0", MaxCRDBytes: 2700},
		"SizeLimits":       {ToolVersion: "v0", SizeLimits: markers.Warning},
		"OmitDescriptions": {ToolVersion: "v0", OmitDescriptions: []string{"github.com/crdgen/crdgen/testdata/budget_trims_descriptions_deepest_first/v1.Thread"}},
	} {
		if got, _ := key(o); got == want {
			t.Errorf("%s: the key does not change", name)
		}
	}
}

// TestTrimmingOrder checks the order the budget drops descriptions in:
// the deepest first, the largest first among equals, and never one of the
// top two levels below spec and status.
func TestTrimmingOrder(t *testing.T) {
	m := loadGolden(t, "budget_trims_descriptions_deepest_first")
	p, _ := Prepare(m, Options{})
	crd, _ := p.Build(0)
	var got []string
	for _, tr := range trimmables(crd.Object) {
		got = append(got, tr.path.Display())
	}
	want := []string{".spec.parts[*].fitting.thread.pitch", ".spec.parts[*].fitting.thread.hand", ".spec.parts[*].fitting.bolt", ".spec.parts[*].fitting.nut", ".spec.parts[*].fitting.thread"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %v, want %v", got, want)
			break
		}
	}
}
