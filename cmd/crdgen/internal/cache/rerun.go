package cache

// This file implements the rerun record: a run that wrote its outputs
// records the fingerprint of its inputs and a snapshot of its outputs (the
// SHA-256 of each file, and of every file of the output directory). A later
// run of the same command with the same inputs, the same settings, the same
// environment and the same crdgen, finding the outputs as they were left,
// has nothing to do: it prints the diagnostics (and the report, for cost
// and diff) of that run again and stops, at the cost of a go list and of
// hashing its outputs. Anything else does the whole run. Inputs besides the
// packages (the previous CRDs diff compares with) are checked like outputs.
//
// The record is one small file per working directory, command, packages
// and other inputs. A record that does not read back is a miss.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/filestat"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Record is what the cache keeps of a run.
type Record struct {
	// Key hashes the inputs, the settings and crdgen itself.
	Key string `json:"key"`
	// Outputs are the files the run left, and the files besides the
	// packages it read, as they were.
	Outputs []fileStamp `json:"outputs"`
	// Dirs are directories whose listing the run left (the output
	// directory, where a new file could be a stale CRD to remove).
	Dirs []dirStamp `json:"dirs"`
	// Clean are the directories the run wrote in, which held no file a
	// run that did not finish left (output.Leftovers): a later run that
	// finds one is not a hit, since --check would fail on it.
	Clean []string `json:"clean,omitempty"`
	// Read are what the run read besides the packages, as it read them
	// (Inputs).
	Read []Input `json:"read,omitempty"`
	// Diags are the run's diagnostics (warnings: a run with errors is not
	// recorded).
	Diags markers.ErrorList `json:"diags,omitempty"`
	// Stdout is what the run printed on standard output (a report).
	Stdout string `json:"stdout,omitempty"`
}

// Watched are what the record checks of a run: files that must hold what
// they held (its outputs), directories that must list what they listed
// (where a new file could be a stale output to remove), and what the run
// read besides the packages, which must read the same.
type Watched struct {
	Files, Dirs []string
	// Clean are the directories the run wrote in (Record.Clean).
	Clean []string
	Read  []Input
	// Sums are the SHA-256 of what the run just wrote (or found already
	// there) at some of Files, so that recording does not read them back.
	Sums map[string]string
}

// fileStamp identifies a file's state. An output is verified by its
// content: its stat (size, modification and change times, inode) when
// nothing changed it, else the SHA-256 of what it holds, so a same-size
// edit whose modification time was put back (cp -p, rsync, tar) is seen
// (the change time cannot be put back, and the hash would differ anyway).
type fileStamp struct {
	Path string `json:"path"`
	filestat.Stat
	// Hash is the SHA-256 of the content (outputs only).
	Hash string `json:"sha256,omitempty"`
}

// dirStamp is a directory's listing.
type dirStamp struct {
	Path    string      `json:"path"`
	Entries []fileStamp `json:"entries"`
}

// Rerun is the rerun record of one command run; nil when caching is off.
type Rerun struct {
	file string
	key  string
}

// Rerun returns the rerun record of a run: slot names it (the working
// directory, the command, the packages, whatever else its outputs depend
// on), key holds everything its outputs are made of (the fingerprint of
// the listed packages, the settings); nil when caching is off.
func (d *Dir) Rerun(slot []string, key ...string) *Rerun {
	if d == nil {
		return nil
	}
	k := HashStrings(append([]string{d.build, EnvironmentStamp()}, append(slices.Clone(key), slot...)...)...)
	return &Rerun{file: d.path(HashStrings(slot...)[:32] + ".json"), key: k}
}

// Hit returns the record of the last run when it had the same key and
// what it left is as it was.
func (c *Rerun) Hit() (Record, bool) {
	var rec Record
	if c == nil {
		return rec, false
	}
	data, err := safefile.Read(c.file)
	if err != nil || json.Unmarshal(data, &rec) != nil || rec.Key != c.key {
		return rec, false
	}
	for _, f := range rec.Outputs {
		if !f.holds() {
			return rec, false
		}
	}
	for _, d := range rec.Dirs {
		if !slices.Equal(listDir(d.Path), d.Entries) {
			return rec, false
		}
	}
	for _, in := range rec.Read {
		if !in.holds() {
			return rec, false
		}
	}
	return rec, true
}

// Record writes the record of a run whose outputs are now up to date. A
// failure to write is not an error: the next run just does everything.
func (c *Rerun) Record(what Watched, diags markers.ErrorList, stdout []byte) {
	if c == nil || diags.HasErrors() {
		return
	}
	rec := Record{Key: c.key, Diags: diags, Stdout: string(stdout), Read: what.Read, Clean: what.Clean}
	for _, p := range what.Files {
		if sum, ok := what.Sums[p]; ok {
			f := stamp(p)
			if f.Size >= 0 {
				f.Hash = sum
			}
			rec.Outputs = append(rec.Outputs, f)
			continue
		}
		rec.Outputs = append(rec.Outputs, hashStamp(p))
	}
	for _, d := range what.Dirs {
		rec.Dirs = append(rec.Dirs, dirStamp{Path: d, Entries: listDir(d)})
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return
	}
	safefile.WriteAtomic(c.file, data)
}

// stamp identifies a directory entry by its stat.
func stamp(path string) fileStamp { return fileStamp{Path: path, Stat: filestat.Of(path)} }

// hashStamp identifies an output by its stat and its content.
func hashStamp(path string) fileStamp {
	f := stamp(path)
	if f.Size >= 0 {
		if d, err := safefile.Look(path); err == nil && d.Data != nil {
			f.Hash = sha256Hex(d.Data)
		}
	}
	return f
}

// holds reports whether an output is as the stamp says: unchanged by its
// stat when the system records change times, else by its content.
func (f fileStamp) holds() bool {
	now := filestat.Of(f.Path)
	if now.Size != f.Size || f.Size < 0 {
		return now.Size == f.Size
	}
	if now == f.Stat && f.Change != 0 {
		return true
	}
	return hashStamp(f.Path).Hash == f.Hash
}

// EnvironmentStamp is the environment that changes what go list reports
// and so what crdgen generates: the go command's settings and the go
// binary on the PATH (a new toolchain has a new one).
func EnvironmentStamp() string {
	var parts []string
	for _, v := range []string{"GOFLAGS", "GOOS", "GOARCH", "CGO_ENABLED", "GOEXPERIMENT", "GOWORK", "GOTOOLCHAIN", "GOPATH", "GOMODCACHE", "GOPACKAGESDRIVER"} {
		parts = append(parts, v+"="+os.Getenv(v))
	}
	if goBin, err := exec.LookPath("go"); err == nil {
		if fi, err := os.Stat(goBin); err == nil {
			parts = append(parts, fmt.Sprintf("go=%s %d %d", goBin, fi.Size(), fi.ModTime().UnixNano()))
		}
	}
	return strings.Join(parts, "\n")
}

// listDir stamps every entry of a directory, sorted by name.
func listDir(dir string) []fileStamp {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []fileStamp
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		out = append(out, stamp(filepath.Join(dir, e.Name())))
	}
	return out
}
