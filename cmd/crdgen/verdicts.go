package main

// This file implements the store of the API server's verdicts that the
// pipeline remembers (pipeline.Verdicts): one small file per CRD the
// server's validation accepted with nothing to say, named by the SHA-256
// of the CRD's key (its exact YAML and the settings of its judgement) and
// of the crdgen build that judged it, and holding that name, so a file
// that does not read back whole is a miss. It lives beside the rerun
// cache, with the same switches: --no-cache and CRDGEN_CACHE=off turn it
// off, and --check, which CI trusts, never reads it.

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// verdictsKept is how many verdicts the store keeps: past it, the oldest
// (least recently used) are removed, down to half, once a run.
const verdictsKept = 4096

// verdictStore is a directory of remembered verdicts.
type verdictStore struct {
	dir string
	// build identifies the crdgen that judges: its version and binary.
	build string
	// trimmed makes the store trimmed once per run, at its first new
	// verdict (listing the directory for each one cost a run of 700 CRDs
	// a quarter of a million entries read).
	trimmed sync.Once
}

// openVerdicts returns the verdict store of the run, nil when caching is
// off for it.
func (r *runState) openVerdicts() *verdictStore {
	dir, build, ok := r.storeDir("verdicts")
	if !ok {
		return nil
	}
	return &verdictStore{dir: dir, build: build}
}

// storeDir is the directory of one of the run's stores in crdgen's cache
// directory, and the identity of the crdgen build that writes it; ok is
// false when caching is off for the run (--no-cache, CRDGEN_CACHE=off,
// --check) or the binary cannot be identified.
func (r *runState) storeDir(name string) (dir, build string, ok bool) {
	if r.noCache || r.check {
		return "", "", false
	}
	root := r.a.cacheRoot()
	exe, err := executableStamp()
	if root == "" || err != nil {
		return "", "", false
	}
	return filepath.Join(root, name), r.a.version + "\x00" + exe, true
}

func (s *verdictStore) name(key string) string { return hashStrings(s.build, key) }

// Accepted reports whether the store holds the key's verdict; a hit is
// marked as used, so the store keeps what is still in use.
func (s *verdictStore) Accepted(key string) bool {
	name := s.name(key)
	path := filepath.Join(s.dir, name)
	data, err := os.ReadFile(path)
	if err != nil || string(data) != name {
		return false
	}
	now := time.Now()
	os.Chtimes(path, now, now)
	return true
}

// Accept records a verdict. A failure to write is no error: the next run
// validates that CRD again.
func (s *verdictStore) Accept(key string) {
	name := s.name(key)
	if writeAtomic(filepath.Join(s.dir, name), []byte(name)) == nil {
		s.trimmed.Do(func() { trimOldest(s.dir, verdictsKept) })
	}
}

// trimOldest removes the oldest (least recently used) files of a store's
// directory when it holds more than kept, down to half.
func trimOldest(dir string, kept int) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) <= kept {
		return
	}
	type aged struct {
		name string
		mod  time.Time
	}
	var all []aged
	for _, e := range entries {
		if fi, err := e.Info(); err == nil {
			all = append(all, aged{e.Name(), fi.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b aged) int { return b.mod.Compare(a.mod) })
	for _, e := range all[min(len(all), kept/2):] {
		os.Remove(filepath.Join(dir, e.name))
	}
}
