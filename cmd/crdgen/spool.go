package main

// This file implements holding generated files until the run decides what
// to write: in memory while they are few, and beyond that in a temporary
// directory, so that a run over hundreds of CRDs does not hold all their
// YAML (a third of a megabyte each for large kinds) in memory.

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// memoryBudget is how many bytes of output a run keeps in memory before it
// spools the rest to disk.
const memoryBudget = 64 << 20

// output is one generated file: its content, or where it is spooled.
type output struct {
	data []byte
	path string
	size int64
	sum  [sha256.Size]byte
}

// memOutput is an output held in memory.
func memOutput(data []byte) output {
	return output{data: data, size: int64(len(data)), sum: sha256.Sum256(data)}
}

// bytes returns the content.
func (o output) bytes() ([]byte, error) {
	if o.path == "" {
		return o.data, nil
	}
	return os.ReadFile(o.path)
}

// moveTo renames a spooled output to path, as a written file (mode 0644).
// It fails for an output in memory, or one on another file system.
func (o output) moveTo(path string) error {
	if o.path == "" {
		return errors.New("not spooled")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.Chmod(o.path, 0o644); err != nil {
		return err
	}
	return os.Rename(o.path, path)
}

// same reports whether data is the output's content.
func (o output) same(data []byte) bool {
	return int64(len(data)) == o.size && sha256.Sum256(data) == o.sum
}

// spool keeps outputs; its methods may run concurrently.
type spool struct {
	// budget overrides memoryBudget when set.
	budget int64
	mu     sync.Mutex
	dir    string
	held   int64
	n      int
}

// keep records an output, in memory within the budget, else on disk.
func (s *spool) keep(data []byte) (output, error) {
	o := memOutput(data)
	budget := s.budget
	if budget == 0 {
		budget = memoryBudget
	}
	s.mu.Lock()
	if s.held+o.size <= budget {
		s.held += o.size
		s.mu.Unlock()
		return o, nil
	}
	if s.dir == "" {
		cleanSpools()
		dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", spoolPrefix, os.Getpid()))
		if err != nil {
			s.mu.Unlock()
			return output{}, err
		}
		s.dir = dir
	}
	s.n++
	path := filepath.Join(s.dir, fmt.Sprintf("%06d.yaml", s.n))
	s.mu.Unlock()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return output{}, err
	}
	o.data, o.path = nil, path
	return o, nil
}

// close removes what was spooled.
func (s *spool) close() {
	if s != nil && s.dir != "" {
		os.RemoveAll(s.dir)
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
		if err == nil && pid > 0 && pid != os.Getpid() && !processAlive(pid, path) {
			os.RemoveAll(path)
		}
	}
}
