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
	// Owners are the tests of which file found at each path of Files may
	// be replaced (Put adds both; a path with no owner replaces nothing).
	Owners map[string]Owner
	// Stale are where files that the run no longer makes are removed.
	Stale []Stale
}

// Stale is where crdgen removes the files it wrote that a run no longer
// makes: names in Dir (nil: every file of Dir whose name ends in Ext,
// .yaml when Ext is "", and with Tree those of Dir's directories too)
// that Own says are crdgen's.
type Stale struct {
	Dir   string
	Names []string
	Ext   string
	Tree  bool
	Own   func(name string, data []byte) bool
}

// dirs are the directories the stale files are looked for in: Dir, and
// with Tree its directories as they are now.
func (st Stale) dirs() []string {
	if !st.Tree {
		return []string{st.Dir}
	}
	return append([]string{st.Dir}, subdirs(st.Dir)...)
}

// Add adds o's outputs to s: its files with their owners, and its stale
// files.
func (s *Set) Add(o *Set) {
	for path, c := range o.Files {
		s.Put(path, c, o.Owners[path])
	}
	s.Stale = append(s.Stale, o.Stale...)
}

// Dirs are the directories the outputs are written in.
func (s *Set) Dirs() []string {
	set := map[string]bool{}
	for path := range s.Files {
		set[filepath.Dir(path)] = true
	}
	for _, st := range s.Stale {
		for _, d := range st.dirs() {
			set[d] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// Watched are what a later run must find as this one left it for its
// outputs to be the same: every file written, every named stale file the
// run does not write, and every directory whose stale files go by their
// extension (a new file there may be one to remove; with Tree, the
// directory and each of its directories, so that a new one is seen too).
func (s *Set) Watched() (files, dirs []string) {
	files = slices.Sorted(maps.Keys(s.Files))
	for _, st := range s.Stale {
		if st.Names == nil {
			dirs = append(dirs, st.dirs()...)
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
// stale sets: files crdgen wrote that this run no longer makes. A file is
// replaced only when its owner says crdgen's, and nothing is written or
// removed outside b (links followed). Of a directory, nothing is read but
// the names of its entries and the files that may be stale, and no other
// file is ever touched. rel shortens paths in errors.
func PlanOf(s *Set, b Bounds, rel func(string) string) (Plan, error) {
	var p Plan
	for _, path := range slices.Sorted(maps.Keys(s.Files)) {
		q, err := FileChanges(path, nil, s.Files[path])
		if err != nil {
			return p, err
		}
		for _, c := range q.Write {
			if err := b.check(c, rel); err != nil {
				return p, err
			}
			if c.Disk.Exists && !c.Disk.Special {
				if err := s.check(path, c.Old); err != nil {
					return p, fmt.Errorf("%s %w", rel(path), err)
				}
			}
		}
		p.Add(q)
	}
	for _, st := range s.Stale {
		for _, dir := range st.dirs() {
			if err := st.plan(&p, s, dir, b, rel); err != nil {
				return p, err
			}
		}
	}
	return p, nil
}

// plan adds the removal of the stale files of dir to p.
func (st Stale) plan(p *Plan, s *Set, dir string, b Bounds, rel func(string) string) error {
	names := st.Names
	if names == nil {
		var err error
		if names, err = filesEnding(dir, cmp.Or(st.Ext, ".yaml")); err != nil {
			return err
		}
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		if _, made := s.Files[path]; made {
			continue
		}
		d, err := safefile.Look(path)
		if err != nil {
			return err
		}
		// Only a plain file in the directory itself: a link may lead to
		// a file that is not the directory's to lose.
		if d.Data == nil || d.Target != path || !st.Own(name, d.Data) {
			continue
		}
		c := Change{Path: path, Disk: d, Old: d.Data}
		if err := b.check(c, rel); err != nil {
			return err
		}
		p.Remove = append(p.Remove, c)
	}
	return nil
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
