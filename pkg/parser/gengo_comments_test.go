package parser

import (
	"slices"
	"testing"

	"github.com/crdgen/crdgen/pkg/model"
)

// TestGengoComments checks the comment blocks the model keeps for apply
// configurations: found by line, as gengo finds them, so a trailing
// comment on the line above counts and a block after a blank line is the
// detached one; and the package-level variables. Without Options.Comments
// (every command but generate with the apply configurations) the blocks
// are not kept.
func TestGengoComments(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24
-- api/types.go --
// +groupName=m.example.com
package api

var SchemeGroupVersion = 1
var other, another = 2, 3

// EDIT THIS FILE!

// Widget is a widget.
// +kubebuilder:object:root=true
type Widget struct {
	A int `+"`json:\"a\"`"+` // trailing
	B int `+"`json:\"b\"`"+`
	// c's doc
	//go:generate nothing
	C int `+"`json:\"c\"`"+`

	// far from d

	D int `+"`json:\"d\"`"+`
}

type Bare struct{}
`)
	without, _ := load(t, dir, Options{}, "./api")
	if w := without.Lookup(model.GoIdent{ImportPath: "example.com/m/api", Name: "Widget"}); w.Comments.Closest != nil || w.Comments.Detached != nil {
		t.Errorf("without Options.Comments, Widget's comments are kept: %q", w.Comments)
	}
	m, diags := load(t, dir, Options{Comments: true}, "./api")
	if diags.HasErrors() {
		t.Fatalf("diagnostics: %v", diags)
	}
	p := pkg(t, m, "example.com/m/api")
	if want := []string{"SchemeGroupVersion", "another", "other"}; !slices.Equal(p.Vars, want) {
		t.Errorf("Vars: got %q, want %q", p.Vars, want)
	}
	w := m.Lookup(model.GoIdent{ImportPath: "example.com/m/api", Name: "Widget"})
	checkComments(t, "Widget", w.Comments, []string{"Widget is a widget.", "+kubebuilder:object:root=true"}, []string{"EDIT THIS FILE!"})
	want := map[string][]string{"A": nil, "B": {"trailing"}, "C": {"c's doc"}, "D": nil}
	for _, f := range w.Underlying.(*model.Struct).Fields {
		checkComments(t, f.GoName, f.Comments, want[f.GoName], nil)
	}
	bare := m.Lookup(model.GoIdent{ImportPath: "example.com/m/api", Name: "Bare"})
	checkComments(t, "Bare", bare.Comments, nil, nil)
}

func checkComments(t *testing.T, name string, got model.Comments, closest, detached []string) {
	t.Helper()
	if !slices.Equal(got.Closest, closest) || !slices.Equal(got.Detached, detached) {
		t.Errorf("%s: got closest %q, detached %q; want %q, %q", name, got.Closest, got.Detached, closest, detached)
	}
}
