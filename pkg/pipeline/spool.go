package pipeline

// This file implements holding generated files until the caller decides
// what to write: in memory while they are few, and beyond that in a
// temporary directory, so that a run over hundreds of CRDs does not hold
// all their YAML (a third of a megabyte each for large kinds) in memory.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/crdgen/crdgen/internal/proc"
)

// MemoryBudget is how many bytes of output a run keeps in memory before it
// spools the rest to disk (Options.MemoryBudget overrides it). 16 MiB holds
// every CRD of most projects (prometheus-operator's ten are 5.4 MB); at 64
// MiB a run over 700 CRDs held a quarter of its live heap in YAML, which
// the collector's target doubles.
const MemoryBudget = 16 << 20

// File is one generated file: its content, or where it is spooled.
type File struct {
	data []byte
	path string
	size int64
	sum  [sha256.Size]byte
	// readFrom and holds: see KeepRead.
	readFrom string
	holds    func() bool
}

// FileOf is a file held in memory.
func FileOf(data []byte) File {
	return File{data: data, size: int64(len(data)), sum: sha256.Sum256(data)}
}

// Bytes returns the content.
func (f File) Bytes() ([]byte, error) {
	if f.path == "" {
		return f.data, nil
	}
	return os.ReadFile(f.path)
}

// Spooled reports whether the content is on disk.
func (f File) Spooled() bool { return f.path != "" }

// MoveTo renames a spooled file to path, as a written file (mode 0644). It
// fails for a file in memory, or one on another file system.
func (f File) MoveTo(path string) error {
	if f.path == "" {
		return errors.New("not spooled")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.Chmod(f.path, 0o644); err != nil {
		return err
	}
	return os.Rename(f.path, path)
}

// Same reports whether data is the file's content: compared byte for byte
// when the file is in memory, by SHA-256 when it is spooled.
func (f File) Same(data []byte) bool {
	if f.path == "" {
		return bytes.Equal(data, f.data)
	}
	return int64(len(data)) == f.size && sha256.Sum256(data) == f.sum
}

// SHA256 returns the SHA-256 of the content, in hexadecimal.
func (f File) SHA256() string { return hex.EncodeToString(f.sum[:]) }

// NewSpool returns a spool that keeps budget bytes in memory (0:
// MemoryBudget).
func NewSpool(budget int64) *Spool { return &Spool{budget: budget} }

// Spool keeps files; its methods may run concurrently.
type Spool struct {
	// budget overrides MemoryBudget when set.
	budget int64
	mu     sync.Mutex
	dir    string
	held   int64
	n      int
}

// Keep records a file, in memory within the budget, else on disk.
func (s *Spool) Keep(data []byte) (File, error) {
	return s.keep(FileOf(data), data)
}

// KeepRead is Keep for content just read from the file readFrom, whose
// SHA-256 the reader checked (sum): holds reports whether that file is
// still as it was when read (its stat), so that HoldsAt can say, without
// reading it, that the file holds this content.
func (s *Spool) KeepRead(data []byte, sum [sha256.Size]byte, readFrom string, holds func() bool) (File, error) {
	f := File{data: data, size: int64(len(data)), sum: sum, readFrom: readFrom, holds: holds}
	return s.keep(f, data)
}

// HoldsAt reports whether the file at path is known to hold f's content
// without reading it: f was read from there, and it is as it was then.
func (f File) HoldsAt(path string) bool {
	return f.readFrom != "" && f.readFrom == path && f.holds != nil && f.holds()
}

func (s *Spool) keep(f File, data []byte) (File, error) {
	budget := s.budget
	if budget == 0 {
		budget = MemoryBudget
	}
	s.mu.Lock()
	if s.held+f.size <= budget {
		s.held += f.size
		s.mu.Unlock()
		return f, nil
	}
	if s.dir == "" {
		cleanSpools()
		dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", spoolPrefix, os.Getpid()))
		if err != nil {
			s.mu.Unlock()
			return File{}, err
		}
		s.dir = dir
	}
	s.n++
	path := filepath.Join(s.dir, fmt.Sprintf("%06d.yaml", s.n))
	s.mu.Unlock()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return File{}, err
	}
	f.data, f.path = nil, path
	return f, nil
}

// Close removes what was spooled.
func (s *Spool) Close() {
	if s != nil && s.dir != "" {
		os.RemoveAll(s.dir)
		s.dir = ""
	}
}

// spoolPrefix begins a spool directory's name, followed by the process ID:
// crdgen-spool-<pid>-<random>.
const spoolPrefix = "crdgen-spool-"

// cleanSpools removes the spool directories of runs that were killed (a
// run removes its own when it ends).
func cleanSpools() {
	tmp := os.TempDir()
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), spoolPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		path := filepath.Join(tmp, e.Name())
		if err == nil && pid > 0 && pid != os.Getpid() && !proc.Alive(pid, path) {
			os.RemoveAll(path)
		}
	}
}
