package main

// This file implements the rerun cache: a run that wrote its outputs
// records the fingerprint of its inputs and a snapshot of its outputs (the
// SHA-256 of each file, and of every file of the output directory). A later
// run of the same command with the same inputs, the same settings, the same
// environment and the same crdgen, finding the outputs as they were left,
// has nothing to do: it prints the diagnostics (and the report, for cost
// and diff) of that run again and stops, at the cost of a go list and of
// hashing its outputs. Anything else does the whole run. A cache never
// changes a result, so --check, which CI trusts, never uses it: it always
// compares what it generates with the disk. Inputs besides the packages
// (the previous CRDs diff compares with) are checked like outputs.
//
// The cache holds no files, only this record, one small file per working
// directory, command, packages and other inputs, in $CRDGEN_CACHE (a
// directory, or "off") or the user cache directory. A record that does not
// read back is a miss.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/filestat"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
)

// cacheRecord is what the cache keeps of a run.
type cacheRecord struct {
	// Key hashes the inputs, the settings and crdgen itself.
	Key string `json:"key"`
	// Outputs are the files the run left, and the files besides the
	// packages it read, as they were.
	Outputs []fileStamp `json:"outputs"`
	// Dirs are directories whose listing the run left or read (the output
	// directory, where a new file could be a stale CRD to remove).
	Dirs []dirStamp `json:"dirs"`
	// Diags are the run's diagnostics (warnings: a run with errors is not
	// recorded).
	Diags markers.ErrorList `json:"diags,omitempty"`
	// Stdout is what the run printed on standard output (a report).
	Stdout string `json:"stdout,omitempty"`
}

// cached are what the cache checks of a run: files that must hold what they
// held (its outputs, and the inputs besides the packages), and directories
// that must list what they listed (where a new file could be a stale
// output to remove, or a new input).
type cached struct {
	files, dirs []string
	// sums are the SHA-256 of what the run just wrote (or found already
	// there) at some of files, so that recording does not read them back.
	sums map[string]string
}

// fileStamp identifies a file's state. An output is verified by its
// content: its stat (size, modification and change times, inode) when
// nothing changed it, else the SHA-256 of what it holds, so a same-size
// edit whose modification time was put back (cp -p, rsync, tar) is seen
// (the change time cannot be put back, and the hash would differ anyway).
type fileStamp struct {
	Path string `json:"path"`
	stat
	// Hash is the SHA-256 of the content (outputs only).
	Hash string `json:"sha256,omitempty"`
}

// stat is what the file system says of a file without reading it.
type stat = filestat.Stat

// dirStamp is a directory's listing.
type dirStamp struct {
	Path    string      `json:"path"`
	Entries []fileStamp `json:"entries"`
}

// rerunCache is the cache of one command run; nil when caching is off.
type rerunCache struct {
	file string
	key  string
}

// openCache prepares the cache for a command: slot names the command, the
// outputs and whatever else they depend on; settings are every option that
// shapes the output. It returns nil when caching is off or the inputs
// cannot be fingerprinted (the run then does everything, as without a
// cache).
func (a *app) openCache(slot []string, settings any, listing *parser.Listing) *rerunCache {
	dir := a.cacheRoot()
	if dir == "" {
		return nil
	}
	exe, err := executableStamp()
	if err != nil {
		return nil
	}
	fp, err := listing.Fingerprint()
	if err != nil {
		return nil
	}
	set, err := json.Marshal(settings)
	if err != nil {
		return nil
	}
	key := hashStrings(append([]string{a.version, exe, fp, string(set), environmentStamp()}, slot...)...)
	return &rerunCache{file: filepath.Join(dir, hashStrings(append([]string{a.dir}, slot...)...)[:32]+".json"), key: key}
}

// cacheRoot is crdgen's cache directory: $CRDGEN_CACHE, or crdgen in the
// user cache directory; "" when caching is off.
func (a *app) cacheRoot() string {
	switch a.cacheDir {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "crdgen")
	}
	return a.cacheDir
}

// hit returns the record of the last run when it had the same key and
// what it left is as it was.
func (c *rerunCache) hit() (cacheRecord, bool) {
	var rec cacheRecord
	if c == nil {
		return rec, false
	}
	data, err := os.ReadFile(c.file)
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
	return rec, true
}

// record writes the record of a run whose outputs are now up to date. A
// failure to write is not an error: the next run just does everything.
func (c *rerunCache) record(what cached, diags markers.ErrorList, stdout []byte) {
	if c == nil || diags.HasErrors() {
		return
	}
	rec := cacheRecord{Key: c.key, Diags: diags, Stdout: string(stdout)}
	for _, p := range what.files {
		if sum, ok := what.sums[p]; ok {
			f := stamp(p)
			if f.Size >= 0 {
				f.Hash = sum
			}
			rec.Outputs = append(rec.Outputs, f)
			continue
		}
		rec.Outputs = append(rec.Outputs, hashStamp(p))
	}
	for _, d := range what.dirs {
		rec.Dirs = append(rec.Dirs, dirStamp{Path: d, Entries: listDir(d)})
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return
	}
	if err := os.MkdirAll(filepath.Dir(c.file), 0o755); err != nil {
		return
	}
	writeAtomic(c.file, data)
}

// statOf stats a file (size -1 when it is missing or not a regular file).
func statOf(path string) stat { return filestat.Of(path) }

// stamp identifies a directory entry by its stat.
func stamp(path string) fileStamp { return fileStamp{Path: path, stat: statOf(path)} }

// hashStamp identifies an output by its stat and its content.
func hashStamp(path string) fileStamp {
	f := stamp(path)
	if f.Size >= 0 {
		if d, err := readOnDisk(path); err == nil && d.data != nil {
			sum := sha256.Sum256(d.data)
			f.Hash = hex.EncodeToString(sum[:])
		}
	}
	return f
}

// holds reports whether an output is as the stamp says: unchanged by its
// stat when the system records change times, else by its content.
func (f fileStamp) holds() bool {
	now := statOf(f.Path)
	if now.Size != f.Size || f.Size < 0 {
		return now.Size == f.Size
	}
	if now == f.stat && f.Change != 0 {
		return true
	}
	return hashStamp(f.Path).Hash == f.Hash
}

// environmentStamp is the environment that changes what go list reports
// and so what crdgen generates: the go command's settings and the go
// binary on the PATH (a new toolchain has a new one).
func environmentStamp() string {
	var parts []string
	for _, v := range []string{"GOFLAGS", "GOOS", "GOARCH", "CGO_ENABLED", "GOEXPERIMENT", "GOWORK", "GOTOOLCHAIN", "GOPATH", "GOMODCACHE", "GOPACKAGESDRIVER"} {
		parts = append(parts, v+"="+os.Getenv(v))
	}
	if goBin, err := exec.LookPath("go"); err == nil {
		if fi, err := os.Stat(goBin); err == nil {
			parts = append(parts, fmt.Sprintf("go=%s %d %d", goBin, fi.Size(), fi.ModTime().UnixNano()))
		}
	}
	parts = append(parts, inflectionStamp())
	return strings.Join(parts, "\n")
}

// inflectionStamp identifies the custom inflections crdgen's pluralization
// (gobuffalo/flect, as controller-gen's) read when the process started:
// inflections.json and acronyms.json in the working directory, or the files
// $INFLECT_PATH and $ACRONYMS_PATH name. They change CRD names, so every
// cache's key holds them.
func inflectionStamp() string {
	wd, _ := os.Getwd()
	var parts []string
	for _, f := range [][2]string{{"inflections.json", "INFLECT_PATH"}, {"acronyms.json", "ACRONYMS_PATH"}} {
		path, ok := os.LookupEnv(f[1])
		if !ok {
			path = filepath.Join(wd, f[0])
		}
		data, err := os.ReadFile(path)
		if err != nil {
			parts = append(parts, f[0]+": none")
			continue
		}
		parts = append(parts, f[0]+": "+sha256Hex(data))
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

// executableStamp identifies the running crdgen binary: a rebuilt crdgen
// gets a new modification time.
func executableStamp() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano()), nil
}

func hashStrings(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\n", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}
