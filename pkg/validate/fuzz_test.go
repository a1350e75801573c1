package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadObjects reads any stream: no panic, no hang, and every problem
// at a line of the stream; every object's position and every path it
// locates within it too.
func FuzzReadObjects(f *testing.F) {
	for _, dir := range []string{"../../testdata/validate_manifests_at_their_lines", "../../testdata/validate_updates_judged_with_old_self"} {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".json")) {
				if data, err := os.ReadFile(p); err == nil {
					f.Add(string(data))
				}
			}
			return nil
		})
	}
	f.Add("a: &a [*a, *a]\nb: *a\n")
	lim := Limits{Document: 1 << 16, Input: 1 << 20, Nodes: 10_000}
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Count(in, "\n") + 1
		objs, diags := readObjects(Input{Name: "f", R: strings.NewReader(in)}, lim)
		for _, d := range diags {
			if d.Pos.Line < 1 || d.Pos.Line > lines {
				t.Errorf("%s: line outside the input's %d", d, lines)
			}
		}
		for _, o := range objs {
			for _, path := range []string{"metadata.name", "spec", "spec.a[0].b", "items[1]", "x.y.z"} {
				if pos, _ := o.locate(path); pos.Line < 1 || pos.Line > lines {
					t.Errorf("locate(%q) = %s: outside the input's %d lines", path, pos, lines)
				}
			}
		}
	})
}
