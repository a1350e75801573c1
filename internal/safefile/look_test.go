package safefile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/crdgen/crdgen/internal/golden"
)

// TestReadCapped reads files whose size Stat gave right, too small (the
// file grew) or too large, under and over the limit.
func TestReadCapped(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name        string
		size, limit int64
		content     []byte
		want        int // bytes read
	}{
		{"empty", 0, 100, nil, 0},
		{"exact size", 1000, 4000, bytes.Repeat([]byte("a"), 1000), 1000},
		{"grew since stat", 10, 4000, bytes.Repeat([]byte("b"), 3000), 3000},
		{"shrank since stat", 5000, 10000, bytes.Repeat([]byte("c"), 700), 700},
		{"at the limit", 4000, 4000, bytes.Repeat([]byte("d"), 4000), 4000},
		{"over the limit", 100, 4000, bytes.Repeat([]byte("e"), 9000), 4001},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, tc.content, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readCapped(f, tc.size, tc.limit)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(got) < tc.want || !bytes.Equal(got[:tc.want], tc.content[:tc.want]) || int64(len(got)) <= tc.limit && len(got) != tc.want {
			t.Errorf("%s: read %d bytes, want %d", tc.name, len(got), tc.want)
		}
	}
}

// TestReadRefusesWhatIsNotARegularFile reads a FIFO, a device that never
// ends, a directory and a missing file: each is an error at once.
func TestReadRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	link := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, link, dir, filepath.Join(dir, "missing")} {
		if data, err := Read(path); err == nil {
			t.Errorf("Read(%s) = %d bytes, want an error", path, len(data))
		}
	}
	regular := filepath.Join(dir, "regular")
	os.WriteFile(regular, []byte("x"), 0o644)
	if data, err := Read(regular); err != nil || string(data) != "x" {
		t.Errorf("Read of a regular file: %q, %v", data, err)
	}
}
