package pipeline

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// memSyntax is a parser.SyntaxStore in memory that counts its hits.
type memSyntax struct {
	mu      sync.Mutex
	records map[string][]byte
	hits    int
}

func (m *memSyntax) Get(key string) []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	data := m.records[key]
	if data != nil {
		m.hits++
	}
	return data
}

func (m *memSyntax) Put(key string, data []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.records == nil {
		m.records = map[string][]byte{}
	}
	m.records[key] = data
}

// TestSyntaxStoreChangesNothing loads every golden case's packages without
// a syntax store, then twice with one (the first run fills it, the second
// reads its dependencies back from it), and requires the same model and
// the same output from all three: the same build key for every CRD (a hash
// of every type a CRD reaches, with its positions, docs and markers), the
// same files and the same diagnostics, positions included.
func TestSyntaxStoreChangesNothing(t *testing.T) {
	root, cases := goldenCases(t)
	store := &memSyntax{}
	hits := 0
	for _, c := range cases {
		name := filepath.Base(filepath.Dir(c))
		t.Run(name, func(t *testing.T) {
			want := loadAndRun(t, root, name, nil)
			before := store.hits
			for round := range 2 {
				if got := loadAndRun(t, root, name, store); got != want {
					t.Fatalf("round %d with the syntax store:\n%s\nwant\n%s", round, got, want)
				}
			}
			hits += store.hits - before
		})
	}
	if hits < len(cases) {
		t.Errorf("%d packages were read back over %d cases", hits, len(cases))
	}
}

// loadAndRun loads a golden case and returns its build keys, files and
// diagnostics as one text.
func loadAndRun(t *testing.T, root, name string, store parser.SyntaxStore) string {
	t.Helper()
	opts := parser.Options{Dir: root, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Error, Syntax: store}
	m, diags, err := parser.Load(context.Background(), []string{"./testdata/" + name + "/..."}, opts)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "load diagnostics:\n%s\n", diags)
	if m == nil {
		return b.String()
	}
	plan, pdiags := schemagen.Prepare(m, schemagen.Options{})
	fmt.Fprintf(&b, "plan diagnostics:\n%s\n", pdiags)
	for i := range plan.Len() {
		fmt.Fprintf(&b, "key %d: %s\n", i, plan.Key(i))
	}
	res, out, err := Run(m, append(markers.ErrorList(nil), diags...), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// As crdgen prints them: the API server's messages come in its order.
	fmt.Fprintf(&b, "run diagnostics:\n%s\n", out.Sorted())
	if res == nil {
		return b.String()
	}
	defer res.Close()
	for _, n := range slices.Sorted(maps.Keys(res.Files)) {
		data, err := res.Files[n].Bytes()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "--- %s\n%s", n, data)
	}
	return b.String()
}
