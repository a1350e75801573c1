package rbac

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/parser/parsertest"
)

// TestGolden runs the rbac generator on every case of testdata and compares
// want/role.yaml and want/stderr.txt (the load's diagnostics and the
// generator's). A case with an error writes no role.yaml, as crdgen writes
// nothing then.
func TestGolden(t *testing.T) {
	for _, name := range parsertest.Names(t) {
		t.Run(name, func(t *testing.T) {
			c := parsertest.Load(t, name)
			opts := Options{RoleName: c.Options.RoleName, Header: c.Header}
			out, diags := Generate(c.Model, opts)
			again, _ := Generate(c.Model, opts)
			if !bytes.Equal(out, again) {
				t.Errorf("a second run wrote other bytes:\n%s", golden.Diff(out, again))
			}
			if diags.HasErrors() && out != nil {
				t.Errorf("Generate returned content with errors")
			}
			all := append(c.Load, diags...)
			if all.HasErrors() {
				out = nil
			}
			golden.CheckDir(t, filepath.Join(c.Dir, "want"), files(out, parsertest.Stderr(t, all)))
		})
	}
}

// files are the case's outputs, by name: the empty ones are absent.
func files(role, stderr []byte) map[string][]byte {
	out := map[string][]byte{}
	if len(role) > 0 {
		out["role.yaml"] = role
	}
	if len(stderr) > 0 {
		out["stderr.txt"] = stderr
	}
	return out
}
