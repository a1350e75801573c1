package main

// This file implements writing output: the changes a run makes on disk
// (files to write and stale files to delete) are compared with the disk
// under --check, or applied as one unit: every new file is written to a temporary file beside its target
// and flushed to disk first, and only when all of them are there are they
// renamed into place and the stale files removed. A failure before the
// renames leaves every existing file as it was and no temporary file
// behind.

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// diskChanges are what a run would change on disk. Paths are absolute.
type diskChanges struct {
	write  []fileChange
	remove []fileChange
	// leftovers are files a run that was killed staged and never renamed
	// (leftovers.go); a run removes them before it looks at the disk, --check reports
	// them.
	leftovers []string
}

// add appends other changes.
func (p *diskChanges) add(q diskChanges) {
	p.write = append(p.write, q.write...)
	p.remove = append(p.remove, q.remove...)
	p.leftovers = append(p.leftovers, q.leftovers...)
}

// fileChange is one file: what it holds now (old, nil when missing) and
// after: new, or the generated output src (read when needed).
type fileChange struct {
	path     string
	disk     onDisk
	old, new []byte
	src      *pipeline.File
}

// content is the file's content after the change.
func (c fileChange) content() ([]byte, error) {
	if c.src != nil {
		return c.src.Bytes()
	}
	return c.new, nil
}

// fileChanges are the changes of writing data (or src) to path: none when
// the path already holds it. A special file (a FIFO, /dev/stdout) is always written.
func fileChanges(path string, data []byte, src *pipeline.File) (diskChanges, error) {
	var p diskChanges
	if src != nil && src.HoldsAt(path) {
		return p, nil // read from there by this run, and unchanged since
	}
	d, err := readOnDisk(path)
	if err != nil {
		return p, err
	}
	if err := d.writable(path); err != nil {
		return p, err
	}
	if d.data != nil && !d.special {
		same := bytes.Equal(d.data, data)
		if src != nil {
			same = src.Same(d.data)
		}
		if same {
			return p, nil
		}
	}
	p.write = append(p.write, fileChange{path: path, disk: d, old: d.data, new: data, src: src})
	return p, nil
}

// outputChanges are the changes of writing a command's outputs (none for a
// file that already holds what it would) and of removing the stale files of
// its stale sets:
// files crdgen wrote that this run no longer makes. Of a directory, nothing
// is read but the names of its entries and the files that may be stale,
// and no other file is ever touched.
func (a *app) outputChanges(o *outputs) (diskChanges, error) {
	var p diskChanges
	for _, path := range slices.Sorted(maps.Keys(o.files)) {
		f := o.files[path]
		q, err := fileChanges(path, nil, &f)
		if err != nil {
			return p, err
		}
		for _, c := range q.write {
			if o.guard != nil && c.disk.exists {
				if err := o.guard(path, c.old); err != nil {
					return p, fmt.Errorf("%s %w", a.rel(path), err)
				}
			}
		}
		p.add(q)
	}
	for _, s := range o.stale {
		names := s.names
		if names == nil {
			var err error
			if names, err = yamlFiles(s.dir); err != nil {
				return p, err
			}
		}
		for _, name := range names {
			path := filepath.Join(s.dir, name)
			if hasKey(o.files, path) {
				continue
			}
			d, err := readOnDisk(path)
			if err != nil {
				return p, err
			}
			// Only a plain file in the directory itself: a link may lead to
			// a file that is not the directory's to lose.
			if d.data != nil && d.target == path && s.own(name, d.data) {
				p.remove = append(p.remove, fileChange{path: path, disk: d, old: d.data})
			}
		}
	}
	return p, nil
}

// yamlFiles lists the .yaml files of dir (none when it does not exist).
func yamlFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	names := []string{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".yaml") && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// ownedCRDs returns the test of which CRD files in the output directory
// crdgen may remove when a run no longer produces them: CustomResource
// Definitions named <group>_<plural>.yaml after their own group and plural
// that either carry crdgen's version annotation, or belong to a group that
// the packages of this run declare (+groupName), so that a CRD of a kind
// the user deleted goes, and a hand-kept third-party CRD
// (cert-manager.io_certificates.yaml beside the generated ones) stays.
func ownedCRDs(groups map[string]bool) func(name string, data []byte) bool {
	return func(name string, data []byte) bool {
		var obj struct {
			Kind     string `json:"kind"`
			Metadata struct {
				Annotations map[string]string `json:"annotations"`
			} `json:"metadata"`
			Spec struct {
				Group string `json:"group"`
				Names struct {
					Plural string `json:"plural"`
				} `json:"names"`
			} `json:"spec"`
		}
		if err := yaml.Unmarshal(data, &obj); err != nil || obj.Kind != "CustomResourceDefinition" {
			return false
		}
		if name != obj.Spec.Group+"_"+obj.Spec.Names.Plural+".yaml" {
			return false
		}
		_, ours := obj.Metadata.Annotations[schemagen.VersionAnnotation]
		return ours || groups[obj.Spec.Group]
	}
}

// apply makes the changes as one unit (see the file comment). What a
// kill during the renames can leave (some outputs new, some old) is what
// the next run puts right: it writes every output that differs.
func (a *app) apply(p diskChanges) error {
	staged, err := a.stage(p.write)
	if err != nil {
		return err
	}
	for i, c := range p.write {
		if c.disk.special {
			if err := writeSpecial(c); err != nil {
				unstage(staged[i+1:])
				return err
			}
			continue
		}
		if err := os.Rename(staged[i], c.disk.target); err != nil {
			unstage(staged[i:])
			return fmt.Errorf("writing %s: %w (the files before it in this run were written)", a.rel(c.path), err)
		}
	}
	dirs := map[string]bool{}
	for _, c := range p.write {
		dirs[filepath.Dir(c.disk.target)] = true
	}
	for _, c := range p.remove {
		// Another run may have removed it already.
		if err := os.Remove(c.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing stale %s: %w", a.rel(c.path), err)
		}
		dirs[filepath.Dir(c.path)] = true
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		syncDir(d)
	}
	return nil
}

// stage writes every new file to a temporary file beside its target and
// flushes it to disk, on every core. On any failure it removes what it
// wrote and returns the first error (in order).
func (a *app) stage(writes []fileChange) ([]string, error) {
	staged := make([]string, len(writes))
	errs := make([]error, len(writes))
	parallel.ForEach(len(writes), func(i int) {
		c := writes[i]
		if c.disk.special {
			return
		}
		if a.writeFault != nil {
			if errs[i] = a.writeFault(c.path); errs[i] != nil {
				return
			}
		}
		staged[i], errs[i] = stageOne(c, a.tempName())
	})
	for i, err := range errs {
		if err != nil {
			unstage(staged)
			return nil, fmt.Errorf("writing %s: %w (no file was changed)", a.rel(writes[i].path), err)
		}
	}
	return staged, nil
}

// stageOne writes one new file as name in its target's directory, with the
// mode of the file it replaces, and flushes it.
func stageOne(c fileChange, name string) (string, error) {
	dir := filepath.Dir(c.disk.target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp := filepath.Join(dir, name)
	if c.src != nil && c.src.MoveTo(tmp) == nil {
		return tmp, syncFile(tmp, c.disk.mode)
	}
	data, err := c.content()
	if err != nil {
		return "", err
	}
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, c.disk.mode)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(c.disk.mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// syncFile sets a staged file's mode and flushes it.
func syncFile(path string, mode fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Chmod(mode)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// unstage removes staged files ("" entries are skipped).
func unstage(paths []string) {
	for _, p := range paths {
		if p != "" {
			os.Remove(p)
		}
	}
}

// writeSpecial writes to a FIFO or device as it is: it cannot be staged.
func writeSpecial(c fileChange) error {
	data, err := c.content()
	if err != nil {
		return err
	}
	f, err := os.OpenFile(c.disk.target, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir flushes a directory's entries (the renames) where the system
// allows it.
func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

// writeAtomic writes one file through a temporary file and a rename (the
// rerun cache's records).
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}

// lines splits a file into lines that keep their newline; an empty file
// has none. (difflib.SplitLines adds an empty last line.)
func lines(data []byte) []string {
	out := strings.SplitAfter(string(data), "\n")
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// printWritten prints one line per file written or removed, for -v.
func (a *app) printWritten(p diskChanges, total int) {
	for _, c := range p.write {
		fmt.Fprintf(a.stderr, "wrote %s\n", a.rel(c.path))
	}
	for _, c := range p.remove {
		fmt.Fprintf(a.stderr, "removed stale %s\n", a.rel(c.path))
	}
	if unchanged := total - len(p.write); unchanged > 0 {
		fmt.Fprintf(a.stderr, "%d unchanged\n", unchanged)
	}
}
