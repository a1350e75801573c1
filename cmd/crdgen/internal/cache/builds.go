package cache

// This file implements the store of remembered builds (pipeline.Builds):
// for each CRD a run wrote, the key of its build, the file it wrote and the
// SHA-256 of what it wrote there, and its diagnostics, in one record per
// working directory, command, packages and feature set. The YAML is not
// copied into the cache: a remembered build is taken from the file the run
// wrote, if that file still holds exactly what was written (its SHA-256),
// else the CRD is built again. The record is replaced only by a run that
// wrote its files.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"path/filepath"
	"slices"
	"sync"

	"github.com/crdgen/crdgen/internal/filestat"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// builtRecord is a remembered build.
type builtRecord struct {
	Key string `json:"key"`
	// Path is the file the YAML was written to, Name its CRD file name,
	// SHA256 the SHA-256 of the YAML.
	Path   string            `json:"path"`
	Name   string            `json:"name"`
	SHA256 string            `json:"sha256"`
	Diags  markers.ErrorList `json:"diags,omitempty"`
}

// Builds is the remembered builds of one feature set of a run.
type Builds struct {
	file  string
	build string
	old   map[string]builtRecord

	mu sync.Mutex
	// kept are this run's builds, by key: records reused and new ones
	// (whose Path is found when the files are written).
	kept map[string]builtRecord
}

// buildsFile is what a store's file holds.
type buildsFile struct {
	Build  string        `json:"build"`
	Builds []builtRecord `json:"builds"`
}

// Builds returns the store of the builds of the run that slot names (the
// working directory, the command, the packages, the feature set); nil
// when caching is off.
func (d *Dir) Builds(slot ...string) *Builds {
	if d == nil {
		return nil
	}
	s := &Builds{
		file:  d.path("builds-" + HashStrings(slot...)[:32] + ".json"),
		build: d.build,
		old:   map[string]builtRecord{},
		kept:  map[string]builtRecord{},
	}
	var f buildsFile
	if data, err := safefile.Read(s.file); err == nil && json.Unmarshal(data, &f) == nil && f.Build == s.build {
		for _, b := range f.Builds {
			s.old[b.Key] = b
		}
	}
	return s
}

// Lookup gives back a remembered build whose file still holds its YAML.
func (s *Builds) Lookup(key string) (pipeline.Built, bool) {
	rec, ok := s.old[key]
	if !ok {
		return pipeline.Built{}, false
	}
	before := filestat.Of(rec.Path)
	data, err := safefile.Read(rec.Path)
	if err != nil || data == nil {
		return pipeline.Built{}, false
	}
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != rec.SHA256 {
		return pipeline.Built{}, false
	}
	s.mu.Lock()
	s.kept[key] = rec
	s.mu.Unlock()
	b := pipeline.Built{FileName: rec.Name, YAML: data, Diags: rec.Diags}
	// A file whose stat (its change time and inode among it, which no tool
	// puts back) is the same before and after the read, and again when the
	// run compares its outputs, held what was read all along.
	if before.Change != 0 && before == filestat.Of(rec.Path) {
		b.ReadFrom, b.SHA256 = rec.Path, sum
		b.Holds = func() bool { return filestat.Of(rec.Path) == before }
	}
	return b, true
}

// Keep remembers a new build, until the run knows where it wrote it.
func (s *Builds) Keep(key string, b pipeline.Built) {
	s.mu.Lock()
	sum := b.SHA256
	if sum == ([sha256.Size]byte{}) {
		sum = sha256.Sum256(b.YAML)
	}
	s.kept[key] = builtRecord{Key: key, Name: b.FileName, SHA256: hex.EncodeToString(sum[:]), Diags: b.Diags}
	s.mu.Unlock()
}

// Record replaces the store's file with this run's builds: each is where
// the run wrote a file of its name and content (written says what each
// written file holds, by SHA-256). A build that was not written is left
// out. A failure to write is no error: the next run builds everything.
func (s *Builds) Record(written map[string]string) {
	if s == nil {
		return
	}
	f := buildsFile{Build: s.build}
	bySum := map[string][]string{}
	for _, path := range slices.Sorted(maps.Keys(written)) {
		bySum[written[path]] = append(bySum[written[path]], path)
	}
	for _, key := range slices.Sorted(maps.Keys(s.kept)) {
		rec := s.kept[key]
		if written[rec.Path] != rec.SHA256 {
			// Where the run wrote this build (the first of equal copies:
			// any holds the same bytes).
			rec.Path = ""
			for _, path := range bySum[rec.SHA256] {
				if filepath.Base(path) == rec.Name {
					rec.Path = path
					break
				}
			}
		}
		if rec.Path != "" {
			f.Builds = append(f.Builds, rec)
		}
	}
	data, err := json.Marshal(f)
	if err == nil {
		safefile.WriteAtomic(s.file, data)
	}
}
