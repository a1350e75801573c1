package parsertest

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/crdgen/crdgen/internal/golden"
	"github.com/crdgen/crdgen/pkg/markers"
)

// GoldenManifest runs a generator that writes one manifest (rbac's
// role.yaml, webhook's manifests.yaml) on every case of testdata, and
// compares want/<file> and want/stderr.txt (the load's diagnostics and the
// generator's). The generator must write the same bytes twice and nothing
// with an error; a case with an error, the load's included, writes no
// manifest, as crdgen writes nothing then.
func GoldenManifest(t *testing.T, file string, generate func(*Case) ([]byte, markers.ErrorList)) {
	for _, name := range Names(t) {
		t.Run(name, func(t *testing.T) {
			c := Load(t, name)
			out, diags := generate(c)
			again, _ := generate(c)
			if !bytes.Equal(out, again) {
				t.Errorf("a second run wrote other bytes:\n%s", golden.Diff(out, again))
			}
			if diags.HasErrors() && out != nil {
				t.Errorf("the generator returned %s with errors", file)
			}
			all := append(c.Load, diags...)
			if all.HasErrors() {
				out = nil
			}
			got := map[string][]byte{}
			if len(out) > 0 {
				got[file] = out
			}
			if stderr := Stderr(t, all); len(stderr) > 0 {
				got["stderr.txt"] = stderr
			}
			golden.CheckDir(t, filepath.Join(c.Dir, "want"), got)
		})
	}
}
