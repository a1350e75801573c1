package main

import (
	"strings"
	"testing"
)

// TestFixCommand checks the command --check says to run: the same
// arguments without --check and without --format.
func TestFixCommand(t *testing.T) {
	a := &app{dir: t.TempDir()}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--check", "./api/..."}, "crdgen generate ./api/..."},
		{[]string{"--check", "--format", "github"}, "crdgen generate"},
		{[]string{"--format=json", "-check", "-o", "out", "./..."}, "crdgen generate -o out ./..."},
	} {
		got := a.fixCommand("generate", tc.args)
		if !strings.HasSuffix(got, tc.want) || strings.Contains(got, "format") {
			t.Errorf("fixCommand(%q) = %q, want ... %q", tc.args, got, tc.want)
		}
	}
}
