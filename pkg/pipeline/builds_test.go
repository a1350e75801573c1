package pipeline

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// memBuilds is a Builds in memory that counts its hits, and the builds
// kept with a SHA256 that is not their YAML's.
type memBuilds struct {
	mu        sync.Mutex
	built     map[string]Built
	hits      int
	wrongSums int
}

func (m *memBuilds) Lookup(key string) (Built, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.built[key]
	if ok {
		m.hits++
	}
	return b, ok
}

func (m *memBuilds) Keep(key string, b Built) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.built == nil {
		m.built = map[string]Built{}
	}
	if b.SHA256 != sha256.Sum256(b.YAML) {
		m.wrongSums++
	}
	m.built[key] = b
}

// goldenCases returns the repository's root and the commands.txt of every
// golden case, skipping the test in -short mode (it loads them all).
func goldenCases(t *testing.T) (root string, cases []string) {
	t.Helper()
	if testing.Short() {
		t.Skip("loads every golden case")
	}
	root, _ = filepath.Abs(filepath.Join("..", ".."))
	cases, _ = filepath.Glob(filepath.Join(root, "testdata", "*", "commands.txt"))
	if len(cases) < 40 {
		t.Fatalf("found %d golden cases", len(cases))
	}
	return root, cases
}

// TestBuildsChangeNothing runs every golden case's packages without
// remembered builds, then twice with them: the second run takes every CRD
// it can from the first, and all three make the same files and the same
// diagnostics. A case whose load has errors has nothing to remember.
func TestBuildsChangeNothing(t *testing.T) {
	root, cases := goldenCases(t)
	reused := 0
	var mu sync.Mutex
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			name := filepath.Base(filepath.Dir(c))
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				m, diags, err := parser.Load(context.Background(), []string{"./testdata/" + name + "/..."}, parser.Options{Dir: root, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Error})
				if err != nil || m == nil || diags.HasErrors() {
					t.Skip("the load has errors")
				}
				want, wantDiags := runModel(t, m, diags, Options{})
				store := &memBuilds{}
				for round := range 2 {
					got, gotDiags := runModel(t, m, diags, Options{Builds: store})
					if !mapsEqual(got, want) || gotDiags != wantDiags {
						t.Errorf("round %d with remembered builds made other files or diagnostics:\n%s\nwant\n%s", round, gotDiags, wantDiags)
					}
				}
				if store.wrongSums > 0 {
					t.Errorf("%d builds kept with a SHA256 that is not their YAML's", store.wrongSums)
				}
				if store.hits != len(store.built) {
					t.Errorf("%d builds remembered, %d taken back", len(store.built), store.hits)
				}
				mu.Lock()
				reused += store.hits
				mu.Unlock()
			})
		}
	})
	if reused < 20 {
		t.Errorf("only %d CRDs were taken back over every case", reused)
	}
}

// runModel runs the pipeline on a loaded model; the files are nil when the
// run has errors.
func runModel(t *testing.T, m *model.Model, diags markers.ErrorList, opts Options) (map[string]string, string) {
	t.Helper()
	res, out, err := Run(m, append(markers.ErrorList(nil), diags...), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res == nil {
		return nil, fmt.Sprint(out)
	}
	defer res.Close()
	files := map[string]string{}
	for n, f := range res.Files {
		data, err := f.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		files[n] = string(data)
	}
	return files, fmt.Sprint(out)
}
