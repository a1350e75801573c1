package parser

import (
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
)

func TestOpenShiftCond(t *testing.T) {
	for _, c := range []struct {
		gates markers.OpenShiftGates
		want  string
	}{
		{markers.OpenShiftGates{FeatureGate: []string{"A"}}, "A"},
		{markers.OpenShiftGates{FeatureGate: []string{"A", "B"}}, "A|B"},
		{markers.OpenShiftGates{FeatureGate: []string{""}}, "!*"},
		{markers.OpenShiftGates{FeatureGate: []string{"", "A", "A"}}, "!*|A"},
		{markers.OpenShiftGates{FeatureGate: []string{"C"}, RequiredFeatureGate: []string{"A", "B"}}, "A&B"},
		{markers.OpenShiftGates{}, ""},
	} {
		if got := openShiftCond(c.gates); got != c.want {
			t.Errorf("openShiftCond(%+v) = %q, want %q", c.gates, got, c.want)
		}
	}
}
