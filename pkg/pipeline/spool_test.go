package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpoolKeepsWhatDoesNotFitOnDisk checks that files past the memory
// budget are spooled to disk, read back intact, moved into place with a
// written file's mode, and removed with the spool.
func TestSpoolKeepsWhatDoesNotFitOnDisk(t *testing.T) {
	sp := NewSpool(8)
	small, err := sp.Keep([]byte("1234"))
	if err != nil || small.Spooled() {
		t.Fatalf("small file: %+v, %v; want it in memory", small, err)
	}
	big, err := sp.Keep([]byte("0123456789"))
	if err != nil || !big.Spooled() || big.data != nil {
		t.Fatalf("big file: %+v, %v; want it on disk", big, err)
	}
	if data, err := big.Bytes(); err != nil || string(data) != "0123456789" || !big.Same(data) || big.Same([]byte("0123456780")) {
		t.Errorf("spooled file reads back %q, %v", data, err)
	}
	other, err := sp.Keep([]byte("abcdefghij"))
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "sub", "b.yaml")
	if err := other.MoveTo(dst); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dst); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("moved file: %v, %v; want mode 0644", fi, err)
	}
	if err := small.MoveTo(dst); err == nil {
		t.Error("a file in memory moved")
	}
	sp.Close()
	if _, err := os.Stat(big.path); !os.IsNotExist(err) {
		t.Errorf("spooled file left behind: %v", err)
	}
	sp.Close() // twice is harmless
}

// TestSpoolsOfKilledRunsAreRemoved plants the spool directory of a run
// that no longer runs: the next run that spools removes it.
func TestSpoolsOfKilledRunsAreRemoved(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dead := filepath.Join(os.TempDir(), spoolPrefix+"999999999-1")
	os.MkdirAll(dead, 0o700)
	os.WriteFile(filepath.Join(dead, "000001.yaml"), []byte("a CRD"), 0o600)
	sp := NewSpool(1)
	if _, err := sp.Keep([]byte("big")); err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("the killed run's spool is still there: %v", err)
	}
	if !strings.HasPrefix(filepath.Base(sp.dir), fmt.Sprintf("%s%d-", spoolPrefix, os.Getpid())) {
		t.Errorf("spool directory %s does not carry the process ID", sp.dir)
	}
}
