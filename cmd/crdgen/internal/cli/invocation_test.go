package cli

import "testing"

// TestInvocation checks the command crdgen prints for fixing stale output
// is the way it was run.
func TestInvocation(t *testing.T) {
	const pkg, mod = "github.com/crdgen/crdgen/cmd/crdgen", "github.com/crdgen/crdgen"
	const cached = "/home/u/.cache/go-build/d7/d7549a8e4cd31d2afbac9eac7e888626a7b05b75fabdfc2e8c0ebf3e707f767c-d/crdgen"
	const temp = "/tmp/go-build3680279709/b001/exe/crdgen"
	toolMod := []byte("module example.com/shop\n\ngo 1.26\n\ntool " + pkg + "\n")
	plainMod := []byte("module example.com/shop\n\ngo 1.26\n")
	ownMod := []byte("module " + mod + "\n\ngo 1.26\n")
	tests := []struct {
		name, exe string
		goMod     []byte
		version   string
		want      string
	}{
		{"installed binary", "/home/u/go/bin/crdgen", toolMod, "v1.2.0", "crdgen"},
		{"go tool, built in a temporary directory", temp, toolMod, "v1.2.0", "go tool crdgen"},
		{"go tool, from the build cache", cached, toolMod, "v1.2.0", "go tool crdgen"},
		{"go run at a version", cached, plainMod, "v1.2.0", "go run " + pkg + "@v1.2.0"},
		{"go run at a version outside any module", temp, nil, "v1.2.0", "go run " + pkg + "@v1.2.0"},
		{"go run in crdgen's own module", temp, ownMod, "v0.0.0-20261121-abcdef+dirty", "go run " + pkg},
		{"a build with no version", temp, plainMod, "(devel)", "crdgen"},
		{"a dirty build", temp, plainMod, "v1.2.1-0.20261121-abcdef+dirty", "crdgen"},
		{"an unreadable go.mod", temp, []byte("module (\n"), "v1.2.0", "go run " + pkg + "@v1.2.0"},
	}
	for _, tc := range tests {
		if got := invocationOf(tc.exe, tc.goMod, pkg, mod, tc.version); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
