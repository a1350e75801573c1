package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpoolKeepsWhatDoesNotFitOnDisk checks that outputs past the memory
// budget are spooled to disk, read back intact, planned and written like
// the others, and removed with the spool.
func TestSpoolKeepsWhatDoesNotFitOnDisk(t *testing.T) {
	sp := &spool{budget: 8}
	small, err := sp.keep([]byte("1234"))
	if err != nil || small.path != "" {
		t.Fatalf("small output: %+v, %v; want it in memory", small, err)
	}
	big, err := sp.keep([]byte("0123456789"))
	if err != nil || big.path == "" || big.data != nil {
		t.Fatalf("big output: %+v, %v; want it on disk", big, err)
	}
	if data, err := big.bytes(); err != nil || string(data) != "0123456789" || !big.same(data) || big.same([]byte("0123456780")) {
		t.Errorf("spooled output reads back %q, %v", data, err)
	}

	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte("0123456789"), 0o644)
	a, _, _ := testApp(dir)
	p, err := a.planDir(dir, map[string]output{"a.yaml": small, "b.yaml": big}, ownedCRDs(nil))
	if err != nil || len(p.write) != 1 || filepath.Base(p.write[0].path) != "a.yaml" {
		t.Fatalf("plan: %+v, %v; want a.yaml only (b.yaml is unchanged)", p, err)
	}
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte("changed"), 0o644)
	p, _ = a.planDir(dir, map[string]output{"a.yaml": small, "b.yaml": big}, ownedCRDs(nil))
	if err := a.apply(p); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "b.yaml")); string(got) != "0123456789" {
		t.Errorf("b.yaml = %q after apply", got)
	}
	// A spooled output is moved into place, and gets a written file's mode.
	if fi, err := os.Stat(filepath.Join(dir, "b.yaml")); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("b.yaml: %v, %v; want mode 0644", fi.Mode(), err)
	}
	sp.close()
	if _, err := os.Stat(big.path); !os.IsNotExist(err) {
		t.Errorf("spooled file left behind: %v", err)
	}
}

// TestSpoolsOfKilledRunsAreRemoved plants the spool directory of a run
// that no longer runs: the next run that spools removes it.
func TestSpoolsOfKilledRunsAreRemoved(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dead := filepath.Join(os.TempDir(), spoolPrefix+"999999999-1")
	os.MkdirAll(dead, 0o700)
	os.WriteFile(filepath.Join(dead, "000001.yaml"), []byte("a CRD"), 0o600)
	sp := &spool{budget: 1}
	if _, err := sp.keep([]byte("big")); err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("the killed run's spool is still there: %v", err)
	}
	if !strings.HasPrefix(filepath.Base(sp.dir), fmt.Sprintf("%s%d-", spoolPrefix, os.Getpid())) {
		t.Errorf("spool directory %s does not carry the process ID", sp.dir)
	}
}
