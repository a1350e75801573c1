package safefile

// This file implements Look and Read: only regular files are read (a FIFO
// would block, /dev/zero never ends), and only up to a size no CRD,
// generated file or cache record reaches; a symbolic link is followed.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// MaxSize is the largest file crdgen reads back to compare with its output,
// to tell whether it wrote it, or as a record of its own. The largest real
// CRDs are a few megabytes; a bigger file is not one of crdgen's.
const MaxSize = 64 << 20

// File is what a path holds.
type File struct {
	// Data is the content of a regular file, nil when there is none (or it
	// is too large, see TooLarge).
	Data []byte
	// Exists is false when nothing is at the path.
	Exists bool
	// Special is set for a FIFO, a device or a socket (a cost report to
	// /dev/stdout, say): it is written to as it is, never read or replaced.
	Special bool
	// Dir is set when the path is a directory.
	Dir bool
	// TooLarge is set for a regular file over MaxSize.
	TooLarge bool
	// Target is where a write goes: the path, or the file a symbolic link
	// at the path leads to.
	Target string
	// Mode is the permission bits of an existing regular file, which a
	// rewrite keeps.
	Mode fs.FileMode
}

// Look looks at path without ever blocking or reading without bound.
func Look(path string) (File, error) {
	d := File{Target: path, Mode: 0o644}
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return d, nil
	}
	if err != nil {
		return d, err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if errors.Is(err, fs.ErrNotExist) {
			// A dangling link: the write creates the file it names.
			if dest, err := os.Readlink(path); err == nil {
				if !filepath.IsAbs(dest) {
					dest = filepath.Join(filepath.Dir(path), dest)
				}
				d.Target = dest
				return d, nil
			}
		}
		if err != nil {
			return d, err
		}
		d.Target = target
		if info, err = os.Stat(target); err != nil {
			return d, err
		}
	}
	d.Exists = true
	switch {
	case info.IsDir():
		d.Dir = true
		return d, nil
	case !info.Mode().IsRegular():
		d.Special = true
		return d, nil
	case info.Size() > MaxSize:
		d.TooLarge = true
		d.Mode = info.Mode().Perm()
		return d, nil
	}
	d.Mode = info.Mode().Perm()
	f, err := os.Open(d.Target)
	if err != nil {
		return d, err
	}
	defer f.Close()
	// The size may have grown since Lstat: read no more than the cap.
	data, err := readCapped(f, info.Size(), MaxSize)
	if err != nil {
		return d, err
	}
	if len(data) > MaxSize {
		d.TooLarge = true
		return d, nil
	}
	d.Data = data
	return d, nil
}

// Read reads a regular file (through a link) of at most MaxSize bytes. A
// missing file is an error wrapping fs.ErrNotExist; a FIFO, a device, a
// directory or a larger file is an error, never a wait or an endless read.
func Read(path string) ([]byte, error) {
	f, err := Look(path)
	switch {
	case err != nil:
		return nil, err
	case !f.Exists:
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	case f.Dir:
		return nil, fmt.Errorf("%s is a directory", path)
	case f.Special:
		return nil, fmt.Errorf("%s is not a regular file", path)
	case f.TooLarge:
		return nil, fmt.Errorf("%s is over %d MiB", path, MaxSize>>20)
	}
	return f.Data, nil
}

// readCapped reads f to its end, or to more than limit bytes, into a
// buffer sized from size, what Stat said (io.ReadAll grows from 512 bytes:
// reading the outputs back was a tenth of the edit loop's CPU).
func readCapped(f *os.File, size, limit int64) ([]byte, error) {
	data := make([]byte, 0, min(max(size, 0), limit)+512)
	for int64(len(data)) <= limit {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return data, nil
}
