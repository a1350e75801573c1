package output

// This file implements applying a plan as one unit: every new file is
// written to a temporary file beside its target and flushed to disk first,
// and only when all of them are there are they renamed into place and the
// stale files removed. A failure before the renames leaves every existing
// file as it was and no temporary file behind; a failure during them puts
// back what they changed.

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/crdgen/crdgen/internal/parallel"
)

// errInterrupted is the error of a plan whose writing was interrupted.
var errInterrupted = errors.New("interrupted")

// Writer applies plans. Its zero value is ready to use.
type Writer struct {
	// Rel shortens paths in errors (nil: as they are).
	Rel func(string) string
	// WriteFault, set by tests, makes writing the output at a path fail
	// (a full disk, a read-only directory) before anything is renamed;
	// RenameFault makes its rename fail (an immutable file).
	WriteFault, RenameFault func(path string) error

	// seq numbers the staged files of this process.
	seq atomic.Int64
}

func (w *Writer) rel(path string) string {
	if w.Rel == nil {
		return path
	}
	return w.Rel(path)
}

// Apply makes the changes as one unit (see the file comment). When a
// rename or a removal fails, or ctx is done (an interrupt), the files
// already replaced are put back from the old bytes the plan holds, the new
// ones removed and the removed ones written back, so the error leaves
// every file as it was. What a kill during the renames can leave (some
// outputs new, some old) is what the next run puts right: it writes every
// output that differs.
func (w *Writer) Apply(ctx context.Context, p Plan) error {
	staged, err := w.stage(ctx, p.Write)
	if err != nil {
		return err
	}
	var done []Change
	for i, c := range p.Write {
		if c.Disk.Special {
			continue
		}
		if ctx.Err() != nil {
			unstage(staged[i:])
			return w.rollback(done, errInterrupted)
		}
		if err := w.rename(staged[i], c); err != nil {
			unstage(staged[i:])
			return w.rollback(done, fmt.Errorf("writing %s: %w", w.rel(c.Path), err))
		}
		done = append(done, c)
	}
	dirs := map[string]bool{}
	for _, c := range p.Write {
		dirs[filepath.Dir(c.Disk.Target)] = true
	}
	for _, c := range p.Remove {
		// Another run may have removed it already.
		if err := os.Remove(c.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return w.rollback(done, fmt.Errorf("removing stale %s: %w", w.rel(c.Path), err))
		}
		// Put back like a file that was replaced: its old bytes.
		done = append(done, Change{Path: c.Path, Disk: c.Disk, Old: c.Old, New: nil})
		dirs[filepath.Dir(c.Path)] = true
	}
	// A FIFO or a device cannot be staged or put back: it is written last.
	for _, c := range p.Write {
		if c.Disk.Special {
			if err := writeSpecial(c); err != nil {
				return w.rollback(done, err)
			}
		}
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		syncDir(d)
	}
	return nil
}

// rename moves a staged file into place.
func (w *Writer) rename(staged string, c Change) error {
	if w.RenameFault != nil {
		if err := w.RenameFault(c.Path); err != nil {
			return err
		}
	}
	return os.Rename(staged, c.Disk.Target)
}

// rollback puts back what done changed: a file that existed gets its old
// bytes again (through a staged file and a rename), one that was new is
// removed. It returns cause, saying whether every file is as it was.
func (w *Writer) rollback(done []Change, cause error) error {
	var failed []string
	for _, c := range slices.Backward(done) {
		var err error
		if c.Disk.Exists {
			var tmp string
			tmp, err = stageOne(Change{Disk: c.Disk, New: c.Old}, w.tempName())
			if err == nil {
				if err = os.Rename(tmp, c.Disk.Target); err != nil {
					os.Remove(tmp)
				}
			}
		} else if err = os.Remove(c.Disk.Target); errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
		if err != nil {
			failed = append(failed, w.rel(c.Path))
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%w; putting back what this run changed before it failed for %s, which hold this run's output", cause, strings.Join(failed, ", "))
	}
	return fmt.Errorf("%w (no file was changed)", cause)
}

// stage writes every new file to a temporary file beside its target and
// flushes it to disk, on every core. On any failure it removes what it
// wrote and returns the first error (in order).
func (w *Writer) stage(ctx context.Context, writes []Change) ([]string, error) {
	staged := make([]string, len(writes))
	errs := make([]error, len(writes))
	parallel.ForEach(len(writes), func(i int) {
		c := writes[i]
		if c.Disk.Special {
			return
		}
		if errs[i] = ctx.Err(); errs[i] != nil {
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
			if ctx.Err() != nil {
				return nil, fmt.Errorf("%w (no file was changed)", errInterrupted)
			}
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
