package pipeline

import (
	"strings"
	"sync"
	"testing"
)

// memVerdicts is a Verdicts in memory that counts what it is asked.
type memVerdicts struct {
	mu       sync.Mutex
	accepted map[string]bool
	asked    int
	hits     int
}

func (m *memVerdicts) Accepted(key string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.asked++
	if m.accepted[key] {
		m.hits++
	}
	return m.accepted[key]
}

func (m *memVerdicts) Accept(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.accepted == nil {
		m.accepted = map[string]bool{}
	}
	m.accepted[key] = true
}

// runFiles loads a golden case and runs the pipeline on it.
func runFiles(t *testing.T, name string, opts Options) (map[string]string, string) {
	t.Helper()
	return runModel(t, loadCase(t, name), nil, opts)
}

// TestVerdictsSkipOnlyWhatWasAccepted checks the remembered verdicts: a
// CRD the server accepted with nothing to say is recorded, a second run
// takes it from the store and makes the same files and diagnostics, and
// a CRD with a finding (here a warning) is never recorded, nor is anything
// asked of the store for a cost report or under another Kubernetes version
// than the one recorded.
func TestVerdictsSkipOnlyWhatWasAccepted(t *testing.T) {
	const clean = "printer_columns_and_selectable_fields"
	want, wantDiags := runFiles(t, clean, Options{})
	store := &memVerdicts{}
	for round := range 2 {
		got, diags := runFiles(t, clean, Options{Verdicts: store})
		if !mapsEqual(got, want) || diags != wantDiags {
			t.Fatalf("round %d: other files or diagnostics with the store:\n%s\nwant\n%s", round, diags, wantDiags)
		}
	}
	if n := len(want); store.asked != 2*n || store.hits != n || len(store.accepted) != n {
		t.Fatalf("%d CRDs: asked %d, hits %d, recorded %d; want %d, %d, %d", n, store.asked, store.hits, len(store.accepted), 2*n, n, n)
	}

	before := len(store.accepted)
	runFiles(t, clean, Options{Verdicts: store, KubeVersion: "1.31"})
	if store.hits != len(want) || len(store.accepted) != before {
		t.Errorf("another Kubernetes version used or replaced the verdicts: hits %d, recorded %d", store.hits, len(store.accepted))
	}
	asked := store.asked
	runFiles(t, clean, Options{Verdicts: store, CostReport: true})
	if store.asked != asked {
		t.Error("a cost report asked the store")
	}

	warned := &memVerdicts{}
	for range 2 {
		_, diags := runFiles(t, "columns_and_formats_the_server_would_warn_about", Options{Verdicts: warned})
		if !strings.Contains(diags, "format") {
			t.Fatalf("the server's format warning is missing: %s", diags)
		}
	}
	if warned.hits != 0 || len(warned.accepted) >= warned.asked/2 {
		t.Errorf("a CRD with a warning was remembered: asked %d, recorded %d", warned.asked, len(warned.accepted))
	}
}
