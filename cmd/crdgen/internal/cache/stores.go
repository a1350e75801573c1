package cache

// This file implements the verdict and syntax stores: a directory of small
// files, one per record, each named by the SHA-256 of the record's key and
// of the crdgen build, holding that name so that a file that does not read
// back whole is a miss, and trimmed to the most recently used.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/crdgen/crdgen/internal/safefile"
)

// verdictsKept is how many verdicts the store keeps: past it, the oldest
// (least recently used) are removed, down to half, once a run.
const verdictsKept = 4096

// syntaxKept is how many package records the syntax store keeps, trimmed
// the same way. k8s.io/api/core/v1's record is the largest, about 0.5 MB.
const syntaxKept = 256

// store is a directory of records.
type store struct {
	dir   string
	build string
	kept  int
	// trimmed makes the store trimmed once per run, at its first new
	// record (listing the directory for each one cost a run of 700 CRDs a
	// quarter of a million entries read).
	trimmed sync.Once
}

func (s *store) name(key string) string { return HashStrings(s.build, key) }

// read returns the file of a record.
func (s *store) read(name string) ([]byte, bool) {
	data, err := safefile.Read(filepath.Join(s.dir, name))
	return data, err == nil
}

// used marks a record as used, so the store keeps what is still in use.
func (s *store) used(name string) {
	now := time.Now()
	os.Chtimes(filepath.Join(s.dir, name), now, now)
}

// write keeps a record's file. A failure to write is no error: the next
// run does the work again.
func (s *store) write(name string, data []byte) {
	if safefile.WriteAtomic(filepath.Join(s.dir, name), data) == nil {
		s.trimmed.Do(func() { trimOldest(s.dir, s.kept) })
	}
}

// Verdicts is the store of the API server's verdicts that the pipeline
// remembers (pipeline.Verdicts): one small file per CRD the server's
// validation accepted with nothing to say, named by the CRD's key (its
// exact YAML and the settings of its judgement).
type Verdicts struct{ s *store }

// Verdicts returns the verdict store, nil when caching is off.
func (d *Dir) Verdicts() *Verdicts {
	if d == nil {
		return nil
	}
	return &Verdicts{&store{dir: d.path("verdicts"), build: d.build, kept: verdictsKept}}
}

// Accepted reports whether the store holds the key's verdict; a hit is
// marked as used, so the store keeps what is still in use.
func (v *Verdicts) Accepted(key string) bool {
	name := v.s.name(key)
	if data, ok := v.s.read(name); !ok || string(data) != name {
		return false
	}
	v.s.used(name)
	return true
}

// Accept records a verdict.
func (v *Verdicts) Accept(key string) {
	name := v.s.name(key)
	v.s.write(name, []byte(name))
}

// Syntax is the store of dependency syntax (parser.SyntaxStore): one file
// per package of the module cache or the standard library that a run read,
// named by the package's key (its path and every file's path and stat),
// holding the name, the SHA-256 of the record and the record.
type Syntax struct{ s *store }

// Syntax returns the syntax store, nil when caching is off.
func (d *Dir) Syntax() *Syntax {
	if d == nil {
		return nil
	}
	return &Syntax{&store{dir: d.path("syntax"), build: d.build, kept: syntaxKept}}
}

// Get returns the record of a key, nil when the store holds none or the
// file does not read back whole. A hit is marked as used.
func (x *Syntax) Get(key string) []byte {
	name := x.s.name(key)
	data, ok := x.s.read(name)
	if !ok {
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
	x.s.used(name)
	return record
}

// Put keeps a record.
func (x *Syntax) Put(key string, record []byte) {
	name := x.s.name(key)
	sum := sha256.Sum256(record)
	data := make([]byte, 0, len(name)+len(sum)*2+2+len(record))
	data = append(append(data, name+"\n"+hex.EncodeToString(sum[:])+"\n"...), record...)
	x.s.write(name, data)
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
