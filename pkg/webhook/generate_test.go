package webhook

import (
	"slices"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser/parsertest"
)

// TestGenerateLeavesTheModelAlone checks that rewriting groups=core to ""
// changes crdgen's copies, not the model's marker values.
func TestGenerateLeavesTheModelAlone(t *testing.T) {
	c := parsertest.Load(t, "every_argument_normalised")
	Generate(c.Model, Options{})
	found := false
	for _, pkg := range c.Model.Packages {
		for _, v := range markers.All[markers.Webhook](pkg.Markers) {
			found = found || slices.Contains(v.Groups, "core")
		}
	}
	if !found {
		t.Error("the marker's groups=core was rewritten in the model")
	}
}
