package main

// This file implements the store of dependency syntax (parser.SyntaxStore):
// one file per package of the module cache or the standard library that a
// run read, named by the SHA-256 of the package's key (its path and every
// file's path and stat) and of the crdgen build that read it, holding that
// name, the SHA-256 of the record and the record, so that a file that does
// not read back whole is a miss. It lives beside the other caches, with
// the same switches: --no-cache and CRDGEN_CACHE=off turn it off, and
// --check, which CI trusts, never reads it.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// syntaxKept is how many package records the store keeps: past it, the
// oldest (least recently used) are removed, down to half, once a run.
// k8s.io/api/core/v1's record is the largest, about 0.5 MB.
const syntaxKept = 256

// syntaxStore is a directory of package records.
type syntaxStore struct {
	dir     string
	build   string
	trimmed sync.Once
}

// openSyntax returns the syntax store of the run, nil when caching is off
// for it.
func (r *runState) openSyntax() *syntaxStore {
	dir, build, ok := r.storeDir("syntax")
	if !ok {
		return nil
	}
	return &syntaxStore{dir: dir, build: build}
}

func (s *syntaxStore) name(key string) string { return hashStrings(s.build, key) }

// Get returns the record of a key, nil when the store holds none or the
// file does not read back whole. A hit is marked as used.
func (s *syntaxStore) Get(key string) []byte {
	name := s.name(key)
	path := filepath.Join(s.dir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	rest, ok := bytes.CutPrefix(data, []byte(name+"\n"))
	if !ok || len(rest) < sha256.Size*2+1 {
		return nil
	}
	sum, record := rest[:sha256.Size*2], rest[sha256.Size*2+1:]
	if got := sha256.Sum256(record); hex.EncodeToString(got[:]) != string(sum) {
		return nil
	}
	now := time.Now()
	os.Chtimes(path, now, now)
	return record
}

// Put keeps a record. A failure to write is no error: the next run reads
// that package from source.
func (s *syntaxStore) Put(key string, record []byte) {
	name := s.name(key)
	sum := sha256.Sum256(record)
	data := make([]byte, 0, len(name)+len(sum)*2+2+len(record))
	data = append(append(data, name+"\n"+hex.EncodeToString(sum[:])+"\n"...), record...)
	if writeAtomic(filepath.Join(s.dir, name), data) == nil {
		s.trimmed.Do(func() { trimOldest(s.dir, syntaxKept) })
	}
}
