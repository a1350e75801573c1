package celcost

import (
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
)

// TestFieldSuggestion checks the did-you-mean of an undefined field: a
// near miss, a prefix, a field of a nested object, and none when nothing
// is close.
func TestFieldSuggestion(t *testing.T) {
	leaf := structuralschema.Structural{Generic: structuralschema.Generic{Type: "integer"}}
	props := map[string]structuralschema.Structural{
		"discountPercent": leaf,
		"high":            leaf,
		"spec":            {Generic: structuralschema.Generic{Type: "object"}, Properties: map[string]structuralschema.Structural{"replicas": leaf}},
	}
	for _, tc := range []struct{ expr, msg, want string }{
		{"self.discount > 0", "undefined field 'discount'", `, did you mean "discountPercent"`},
		{"self.hgih > 0", "undefined field 'hgih'", `, did you mean "high"`},
		{"self.spec.replica > 0", "undefined field 'replica'", `, did you mean "replicas"`},
		{"self.nonExistingField == 1", "undefined field 'nonExistingField'", ""},
		{"self.high + 'a'", "found no matching overload for '_+_'", ""},
	} {
		if got := fieldSuggestion(tc.expr, tc.msg, props); got != tc.want {
			t.Errorf("fieldSuggestion(%q, %q) = %q, want %q", tc.expr, tc.msg, got, tc.want)
		}
	}
}
