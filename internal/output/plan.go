package output

// This file implements working out what a run would change on disk: the
// files to write (none for a file that already holds what it would) and
// the stale files to remove.

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"
)

// Set is a run's outputs.
type Set struct {
	// Files are written (or compared, under --check), by absolute path.
	Files map[string]Content
	// Stale are where files that the run no longer makes are removed.
	Stale []Stale
	// Guard, when set, refuses to replace the file at path, which holds
	// old, with an error that follows the path ("was not written by
	// crdgen").
	Guard func(path string, old []byte) error
}

// Stale is where crdgen removes the files it wrote that a run no longer
// makes: names in Dir (nil: every file of Dir whose name ends in Ext,
// .yaml when Ext is "") that Own says are crdgen's.
type Stale struct {
	Dir   string
	Names []string
	Ext   string
	Own   func(name string, data []byte) bool
}

// Add adds o's outputs to s: its files, its stale files, and its guard
// (a file is replaced when both guards let it).
func (s *Set) Add(o *Set) {
	if s.Files == nil {
		s.Files = map[string]Content{}
	}
	maps.Copy(s.Files, o.Files)
	s.Stale = append(s.Stale, o.Stale...)
	if guard, prev := o.Guard, s.Guard; guard != nil {
		s.Guard = func(path string, old []byte) error {
			if err := guard(path, old); err != nil || prev == nil {
				return err
			}
			return prev(path, old)
		}
	}
}

// Dirs are the directories the outputs are written in.
func (s *Set) Dirs() []string {
	set := map[string]bool{}
	for path := range s.Files {
		set[filepath.Dir(path)] = true
	}
	for _, st := range s.Stale {
		set[st.Dir] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// Watched are what a later run must find as this one left it for its
// outputs to be the same: every file written, every named stale file the
// run does not write, and every directory whose stale files go by their
// extension (a new file there may be one to remove).
func (s *Set) Watched() (files, dirs []string) {
	files = slices.Sorted(maps.Keys(s.Files))
	for _, st := range s.Stale {
		if st.Names == nil {
			dirs = append(dirs, st.Dir)
			continue
		}
		for _, n := range st.Names {
			path := filepath.Join(st.Dir, n)
			if _, written := s.Files[path]; !written {
				files = append(files, path)
			}
		}
	}
	return files, dirs
}

// Sums are the SHA-256 of each file's content, by path.
func (s *Set) Sums() map[string]string {
	sums := make(map[string]string, len(s.Files))
	for path, f := range s.Files {
		sums[path] = f.SHA256()
	}
	return sums
}

// Plan is what a run would change on disk. Paths are absolute.
type Plan struct {
	Write  []Change
	Remove []Change
	// Leftovers are files a run that was killed staged and never renamed
	// (leftovers.go); a run removes them before it looks at the disk,
	// --check reports them.
	Leftovers []string
}

// Change is one file: what it holds now (Old, nil when missing) and what
// it will hold: New, or Src.
type Change struct {
	Path string
	Disk safefile.File
	Old  []byte
	New  []byte
	Src  Content
}

// Content is the file's content after the change.
func (c Change) Content() ([]byte, error) {
	if c.Src != nil {
		return c.Src.Bytes()
	}
	return c.New, nil
}

// Add appends other changes.
func (p *Plan) Add(q Plan) {
	p.Write = append(p.Write, q.Write...)
	p.Remove = append(p.Remove, q.Remove...)
	p.Leftovers = append(p.Leftovers, q.Leftovers...)
}

// FileChanges are the changes of writing data (or src, when not nil) to
// path: none when the path already holds it. A special file (a FIFO,
// /dev/stdout) is always written.
func FileChanges(path string, data []byte, src Content) (Plan, error) {
	var p Plan
	if src != nil && src.HoldsAt(path) {
		return p, nil // read from there by this run, and unchanged since
	}
	d, err := safefile.Look(path)
	if err != nil {
		return p, err
	}
	if err := writable(d, path); err != nil {
		return p, err
	}
	if d.Data != nil && !d.Special {
		same := bytes.Equal(d.Data, data)
		if src != nil {
			same = src.Same(d.Data)
		}
		if same {
			return p, nil
		}
	}
	p.Write = append(p.Write, Change{Path: path, Disk: d, Old: d.Data, New: data, Src: src})
	return p, nil
}

// writable says why an output cannot be written at its path, or nil.
func writable(d safefile.File, path string) error {
	switch {
	case d.Dir:
		return fmt.Errorf("%s is a directory", path)
	case d.TooLarge:
		return fmt.Errorf("%s is over %d MiB; it is not crdgen's, and crdgen will not replace it", path, safefile.MaxSize>>20)
	}
	return nil
}

// PlanOf works out the changes of writing a set's files (none for a file
// that already holds what it would) and of removing the stale files of its
// stale sets: files crdgen wrote that this run no longer makes. Of a
// directory, nothing is read but the names of its entries and the files
// that may be stale, and no other file is ever touched. rel shortens paths
// in errors.
func PlanOf(s *Set, rel func(string) string) (Plan, error) {
	var p Plan
	for _, path := range slices.Sorted(maps.Keys(s.Files)) {
		q, err := FileChanges(path, nil, s.Files[path])
		if err != nil {
			return p, err
		}
		for _, c := range q.Write {
			if s.Guard != nil && c.Disk.Exists {
				if err := s.Guard(path, c.Old); err != nil {
					return p, fmt.Errorf("%s %w", rel(path), err)
				}
			}
		}
		p.Add(q)
	}
	for _, st := range s.Stale {
		names := st.Names
		if names == nil {
			var err error
			if names, err = filesEnding(st.Dir, cmp.Or(st.Ext, ".yaml")); err != nil {
				return p, err
			}
		}
		for _, name := range names {
			path := filepath.Join(st.Dir, name)
			if _, made := s.Files[path]; made {
				continue
			}
			d, err := safefile.Look(path)
			if err != nil {
				return p, err
			}
			// Only a plain file in the directory itself: a link may lead to
			// a file that is not the directory's to lose.
			if d.Data != nil && d.Target == path && st.Own(name, d.Data) {
				p.Remove = append(p.Remove, Change{Path: path, Disk: d, Old: d.Data})
			}
		}
	}
	return p, nil
}

// filesEnding lists the files of dir whose names end in ext (none when it
// does not exist).
func filesEnding(dir, ext string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	names := []string{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ext) && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

var errNotSpooled = errors.New("not spooled")

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
