package rbac

import (
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser/parsertest"
)

// TestGenerateNeedsARoleName checks that a missing role name is an error
// about the run, with no content.
func TestGenerateNeedsARoleName(t *testing.T) {
	out, diags := Generate(&model.Model{}, Options{})
	if out != nil || len(diags) != 1 || !diags.HasErrors() || !strings.Contains(diags[0].Msg, "roleName") {
		t.Errorf("Generate without a role name = %q, %v; want nil and one error naming roleName", out, diags)
	}
}

// TestGenerateLeavesTheModelAlone checks that rewriting groups=core to ""
// changes crdgen's copies, not the model's marker values.
func TestGenerateLeavesTheModelAlone(t *testing.T) {
	c := parsertest.Load(t, "core_is_the_empty_group")
	Generate(c.Model, Options{RoleName: "r"})
	core := 0
	for _, pkg := range c.Model.Packages {
		for _, v := range markers.All[markers.RBAC](pkg.Markers) {
			if slices.Contains(v.Groups, "core") {
				core++
			}
		}
	}
	if core != 2 {
		t.Errorf("%d markers still say groups=core, want 2", core)
	}
}
