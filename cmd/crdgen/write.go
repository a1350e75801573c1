package main

// This file implements writing output: a plan of files to write and stale
// files to delete, applied atomically (temp file and rename, identical files
// untouched), or compared with the disk under --check.

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/parallel"
	"sigs.k8s.io/yaml"
)

// plan is what a run would change on disk. Paths are absolute.
type plan struct {
	write  []fileChange
	remove []fileChange
}

// fileChange is one file and its content now (nil when missing) and after:
// new, or the generated output src (read when needed).
type fileChange struct {
	path     string
	old, new []byte
	src      *output
}

// apply writes the file: a spooled output is moved into place when it can
// be (on the same file system), others are written.
func (c fileChange) apply() error {
	if c.src != nil && c.src.moveTo(c.path) == nil {
		return nil
	}
	data, err := c.content()
	if err != nil {
		return err
	}
	return writeAtomic(c.path, data)
}

// content is the file's content after the change.
func (c fileChange) content() ([]byte, error) {
	if c.src != nil {
		return c.src.bytes()
	}
	return c.new, nil
}

// planDir plans writing files into dir. Files already there that isStale
// says this run should have produced, but did not, are planned for removal.
func (a *app) planDir(dir string, files map[string]output, isStale func(name string, data []byte) bool) (plan, error) {
	var p plan
	dir = a.abs(dir)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(dir, name)
		old, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			return p, err
		}
		o := files[name]
		if err == nil && o.same(old) {
			continue
		}
		p.write = append(p.write, fileChange{path: path, old: old, src: &o})
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return p, err
	}
	for _, e := range entries {
		if _, ok := files[e.Name()]; e.IsDir() || ok {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			return p, err
		}
		if isStale(e.Name(), data) {
			p.remove = append(p.remove, fileChange{path: path, old: data})
		}
	}
	return p, nil
}

// isGeneratedCRD reports whether a file in the output directory is a CRD
// that a generator wrote: a CustomResourceDefinition whose file name is its
// own <group>_<plural>.yaml. Other files (kustomizations, hand-written CRDs
// with other names) are never touched.
func isGeneratedCRD(name string, data []byte) bool {
	if !strings.HasSuffix(name, ".yaml") {
		return false
	}
	var obj struct {
		Kind string `json:"kind"`
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
	return name == obj.Spec.Group+"_"+obj.Spec.Names.Plural+".yaml"
}

// apply writes and removes files. Every file is written to a temporary file
// in its directory and renamed into place, so a failure never leaves a
// partial file.
func (a *app) apply(p plan) error {
	errs := make([]error, len(p.write))
	parallel.ForEach(len(p.write), func(i int) { errs[i] = p.write[i].apply() })
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	for _, c := range p.remove {
		if err := os.Remove(c.path); err != nil {
			return fmt.Errorf("removing stale %s: %w", a.rel(c.path), err)
		}
	}
	return nil
}

func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
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
func (a *app) printWritten(p plan, total int) {
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
