package schemagen

import (
	"os"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
)

// TestUniqueItemsFix checks the fix of +kubebuilder:validation:UniqueItems=true:
// on a list of scalars, applied to the file, it makes +listType=set; on a
// list of objects there is none.
func TestUniqueItemsFix(t *testing.T) {
	m := loadGolden(t, "unique_items_true_offers_list_type_set")
	_, diags := Generate(m, Options{})
	var fixes []*markers.Fix
	for _, d := range diags {
		if strings.Contains(d.Msg, "uniqueItems") {
			fixes = append(fixes, d.Fix)
		}
	}
	if len(fixes) != 2 {
		t.Fatalf("got %d uniqueItems diagnostics, want 2: %v", len(fixes), diags)
	}
	// Sorted by line: Hosts (strings), then Ports (objects).
	if fixes[1] != nil {
		t.Errorf("the list of objects got the fix %+v, want none", fixes[1])
	}
	f := fixes[0]
	if f == nil {
		t.Fatal("the list of strings got no fix")
	}
	data, err := os.ReadFile(f.Pos.Filename)
	if err != nil {
		t.Fatal(err)
	}
	fixed := string(data[:f.Pos.Offset]) + f.New + string(data[f.End.Offset:])
	if !strings.Contains(fixed, "\t// +listType=set\n\t// +optional\n\tHosts []string") || f.Msg != "replace with +listType=set" {
		t.Errorf("the fix %q makes\n%s", f.Msg, fixed)
	}
}
