package output

// This file implements applying a plan as one unit: every new file is
// written to a temporary file beside its target and flushed to disk first,
// and only when all of them are there are they renamed into place and the
// stale files removed. A failure before the renames leaves every existing
// file as it was and no temporary file behind.

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"

	"github.com/crdgen/crdgen/internal/parallel"
)

// Writer applies plans. Its zero value is ready to use.
type Writer struct {
	// Rel shortens paths in errors (nil: as they are).
	Rel func(string) string
	// WriteFault, set by tests, makes writing the output at a path fail
	// (a full disk, a read-only directory) before anything is renamed.
	WriteFault func(path string) error

	// seq numbers the staged files of this process.
	seq atomic.Int64
}

func (w *Writer) rel(path string) string {
	if w.Rel == nil {
		return path
	}
	return w.Rel(path)
}

// Apply makes the changes as one unit (see the file comment). What a kill
// during the renames can leave (some outputs new, some old) is what the
// next run puts right: it writes every output that differs.
func (w *Writer) Apply(p Plan) error {
	staged, err := w.stage(p.Write)
	if err != nil {
		return err
	}
	for i, c := range p.Write {
		if c.Disk.Special {
			if err := writeSpecial(c); err != nil {
				unstage(staged[i+1:])
				return err
			}
			continue
		}
		if err := os.Rename(staged[i], c.Disk.Target); err != nil {
			unstage(staged[i:])
			return fmt.Errorf("writing %s: %w (the files before it in this run were written)", w.rel(c.Path), err)
		}
	}
	dirs := map[string]bool{}
	for _, c := range p.Write {
		dirs[filepath.Dir(c.Disk.Target)] = true
	}
	for _, c := range p.Remove {
		// Another run may have removed it already.
		if err := os.Remove(c.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing stale %s: %w", w.rel(c.Path), err)
		}
		dirs[filepath.Dir(c.Path)] = true
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		syncDir(d)
	}
	return nil
}

// stage writes every new file to a temporary file beside its target and
// flushes it to disk, on every core. On any failure it removes what it
// wrote and returns the first error (in order).
func (w *Writer) stage(writes []Change) ([]string, error) {
	staged := make([]string, len(writes))
	errs := make([]error, len(writes))
	parallel.ForEach(len(writes), func(i int) {
		c := writes[i]
		if c.Disk.Special {
			return
		}
		if w.WriteFault != nil {
			if errs[i] = w.WriteFault(c.Path); errs[i] != nil {
				return
			}
		}
		staged[i], errs[i] = stageOne(c, w.tempName())
	})
	for i, err := range errs {
		if err != nil {
			unstage(staged)
			return nil, fmt.Errorf("writing %s: %w (no file was changed)", w.rel(writes[i].Path), err)
		}
	}
	return staged, nil
}

// stageOne writes one new file as name in its target's directory, with the
// mode of the file it replaces, and flushes it.
func stageOne(c Change, name string) (string, error) {
	dir := filepath.Dir(c.Disk.Target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp := filepath.Join(dir, name)
	if c.Src != nil && c.Src.MoveTo(tmp) == nil {
		return tmp, syncFile(tmp, c.Disk.Mode)
	}
	data, err := c.Content()
	if err != nil {
		return "", err
	}
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, c.Disk.Mode)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(c.Disk.Mode)
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
func writeSpecial(c Change) error {
	data, err := c.Content()
	if err != nil {
		return err
	}
	f, err := os.OpenFile(c.Disk.Target, os.O_WRONLY, 0)
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
