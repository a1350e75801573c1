package cache

// This file implements Inputs: the record of what a run consulted besides
// the Go packages (crdgen.yaml, suite files and the directories they were
// found in, the previous CRDs), made as the run reads them, so that the
// rerun record's inputs are exactly what was read and no list kept beside
// the reading code can forget one. A later run is "unchanged" only if each
// still reads the same.

import (
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/crdgen/crdgen/internal/safefile"
)

// Inputs records the reads of a run; it is a safefile.FS. The zero value
// is ready to use.
type Inputs struct {
	mu   sync.Mutex
	seen map[input]string
}

// input is one read: its kind ("dir", "file" or "stat") and path.
type input struct {
	Kind string `json:"kind"`
	Path string `json:"path"`
}

// Input is one recorded read and what it gave, as the rerun record keeps
// it: a directory's entries, a file's SHA-256, a stat's kind of file; ""
// for a read that failed.
type Input struct {
	input
	State string `json:"state"`
}

// ReadDir lists a directory and records its entries.
func (in *Inputs) ReadDir(dir string) ([]fs.DirEntry, error) {
	entries, err := safefile.OS{}.ReadDir(dir)
	in.add(input{"dir", dir}, dirState(entries, err))
	return entries, err
}

// ReadFile reads a regular file and records its SHA-256.
func (in *Inputs) ReadFile(path string) ([]byte, error) {
	data, err := safefile.Read(path)
	in.add(input{"file", path}, fileState(data, err))
	return data, err
}

// Stat describes a path and records what kind of file it is.
func (in *Inputs) Stat(path string) (fs.FileInfo, error) {
	fi, err := safefile.OS{}.Stat(path)
	in.add(input{"stat", path}, statState(fi, err))
	return fi, err
}

func (in *Inputs) add(k input, state string) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.seen == nil {
		in.seen = map[input]string{}
	}
	in.seen[k] = state
}

// Recorded are the reads, sorted by path and kind.
func (in *Inputs) Recorded() []Input {
	if in == nil {
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	keys := slices.SortedFunc(maps.Keys(in.seen), func(a, b input) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Kind, b.Kind)
	})
	out := make([]Input, len(keys))
	for i, k := range keys {
		out[i] = Input{k, in.seen[k]}
	}
	return out
}

// holds reports whether reading again gives what the read gave.
func (r Input) holds() bool {
	var fs safefile.OS
	switch r.Kind {
	case "dir":
		entries, err := fs.ReadDir(r.Path)
		return dirState(entries, err) == r.State
	case "file":
		data, err := fs.ReadFile(r.Path)
		return fileState(data, err) == r.State
	case "stat":
		fi, err := fs.Stat(r.Path)
		return statState(fi, err) == r.State
	}
	return false
}

func dirState(entries []fs.DirEntry, err error) string {
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.IsDir():
			name += "/"
		case e.Type()&fs.ModeSymlink != 0:
			name += "@"
		}
		names = append(names, name)
	}
	return sha256Hex([]byte(strings.Join(names, "\x00")))
}

func fileState(data []byte, err error) string {
	if err != nil {
		return ""
	}
	return sha256Hex(data)
}

func statState(fi fs.FileInfo, err error) string {
	switch {
	case err != nil:
		return ""
	case fi.IsDir():
		return "dir"
	case fi.Mode().IsRegular():
		return "file"
	}
	return "other"
}
