package lsp

import (
	"slices"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/crdgen/crdgen/pkg/markers"
)

// TestComplete checks completion at the end of a marker line: names after
// "// +", argument names after the name's ':' or a ',', nothing in a value.
func TestComplete(t *testing.T) {
	tests := []struct {
		name, line string
		want       []string // some of the labels
		notWant    []string
	}{
		{"a name", "\t// +kubebuilder:validation:Max", []string{"kubebuilder:validation:Maximum", "kubebuilder:validation:MaxLength"}, []string{"kubebuilder:validation:Minimum"}},
		{"the first argument", "// +kubebuilder:printcolumn:", []string{"name", "type", "JSONPath"}, nil},
		{"a further argument", "// +kubebuilder:printcolumn:name=Age,", []string{"type", "JSONPath", "priority"}, []string{"name"}},
		{"a typed argument", "// +kubebuilder:printcolumn:name=Age,ty", []string{"type"}, []string{"JSONPath"}},
		{"in a value", "// +kubebuilder:printcolumn:name=A", nil, []string{"name", "type"}},
		{"not a marker", "// a comment", nil, []string{"optional"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := uri.File("/p/a.go")
			s := &server{reg: markers.DefaultRegistry(), docs: map[uri.URI]string{u: "package a\n" + tc.line + "\n"}}
			list := s.complete(u, protocol.Position{Line: 1, Character: uint32(len(tc.line))})
			var got []string
			for _, it := range list.Items {
				got = append(got, it.Label)
			}
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("got %q, want %q among them", got, w)
				}
			}
			for _, w := range tc.notWant {
				if slices.Contains(got, w) {
					t.Errorf("got %q, want no %q", got, w)
				}
			}
			if len(tc.want) == 0 && len(got) > 0 {
				t.Errorf("got %q, want nothing", got)
			}
		})
	}
}
