package generators

import (
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/model"
)

// TestTableIsWhole checks the table: every row named, documented and
// runnable, the sections of crdgen.yaml it names are sections, and every
// flag a row reads is one generate registers.
func TestTableIsWhole(t *testing.T) {
	fs := cli.NewFlagSet("generate")
	New().Register(fs, Defaults{Config: &config.Config{}, Layout: config.LayoutOf(nil, "", safefile.OS{})})
	// The cost report, the suites run first and the CRDs' flags are
	// registered by generate and the skeleton.
	registeredElsewhere := append([]string{"cost-report", "test"}, CRDFlags()...)
	seen := map[string]bool{}
	for _, g := range All() {
		if g.Name == "" || g.Doc == "" || g.run == nil || seen[g.Name] {
			t.Errorf("row %q: a name of its own, a doc and a run function", g.Name)
		}
		seen[g.Name] = true
		if g.Section != "" {
			if _, err := config.Parse("crdgen.yaml", "/p", []byte(g.Section+": {}\n")); err != nil {
				t.Errorf("%s: its section %q is none of crdgen.yaml's: %v", g.Name, g.Section, err)
			}
		}
		for _, f := range g.Reads {
			if fs.Lookup(f) == nil && !slices.Contains(registeredElsewhere, f) {
				t.Errorf("%s reads --%s, which generate does not have", g.Name, f)
			}
		}
	}
	if got := strings.Join(Names(), ","); got != "crd,conversion,object,rbac,webhook,applyconfiguration,jsonschema,docs" {
		t.Errorf("Names = %s", got)
	}
}

func TestRunStopsAtAMissingHeader(t *testing.T) {
	tab := New()
	tab.which = []string{"rbac"}
	tab.year = "2026"
	in := &Input{Model: &model.Model{}, FS: safefile.OS{}, Layout: config.Layout{RBACHeader: "/no/such/header.txt", RBACFile: "role.yaml"},
		Abs: func(p string) string { return p }}
	if _, _, err := tab.Run(in); err == nil {
		t.Fatal("got no error for a header file that does not exist")
	}
	tab.which = nil
	set, diags, err := tab.Run(in)
	if len(set.Files) != 0 || set.Stale != nil || diags != nil || err != nil {
		t.Errorf("no generator asked for: got %v %v %v %v, want nothing", set.Files, set.Stale, diags, err)
	}
}
