package main

// This file implements reading what an output path holds before a run:
// only regular files are read (a FIFO would block, /dev/zero never ends),
// and only up to a size no CRD or generated file reaches; a symbolic link
// is followed, so that writes go through it.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// maxExisting is the largest file crdgen reads back to compare with its
// output or to tell whether it wrote it. The largest real CRDs are a few
// megabytes; a bigger file is not one of crdgen's.
const maxExisting = 64 << 20

// onDisk is what an output path holds before the run.
type onDisk struct {
	// data is the content of a regular file, nil when there is none (or it
	// is too large to be crdgen's, see tooLarge).
	data []byte
	// exists is false when nothing is at the path.
	exists bool
	// special is set for a FIFO, a device or a socket (a cost report to
	// /dev/stdout, say): it is written to as it is, never read or replaced.
	special bool
	// dir is set when the path is a directory, which nothing replaces.
	dir bool
	// tooLarge is set for a regular file over maxExisting.
	tooLarge bool
	// target is where a write goes: the path, or the file a symbolic link
	// at the path leads to.
	target string
	// mode is the permission bits of an existing regular file, which a
	// rewrite keeps.
	mode fs.FileMode
}

// readOnDisk looks at path without ever blocking or reading without bound.
func readOnDisk(path string) (onDisk, error) {
	d := onDisk{target: path, mode: 0o644}
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
				d.target = dest
				return d, nil
			}
		}
		if err != nil {
			return d, err
		}
		d.target = target
		if info, err = os.Stat(target); err != nil {
			return d, err
		}
	}
	d.exists = true
	switch {
	case info.IsDir():
		d.dir = true
		return d, nil
	case !info.Mode().IsRegular():
		d.special = true
		return d, nil
	case info.Size() > maxExisting:
		d.tooLarge = true
		d.mode = info.Mode().Perm()
		return d, nil
	}
	d.mode = info.Mode().Perm()
	f, err := os.Open(d.target)
	if err != nil {
		return d, err
	}
	defer f.Close()
	// The size may have grown since Lstat: read no more than the cap.
	data, err := readCapped(f, info.Size(), maxExisting)
	if err != nil {
		return d, err
	}
	if len(data) > maxExisting {
		d.tooLarge = true
		return d, nil
	}
	d.data = data
	return d, nil
}

// writable reports why an output cannot be written at its path, or nil.
func (d onDisk) writable(path string) error {
	switch {
	case d.dir:
		return fmt.Errorf("%s is a directory", path)
	case d.tooLarge:
		return fmt.Errorf("%s is over %d MiB; it is not crdgen's, and crdgen will not replace it", path, maxExisting>>20)
	}
	return nil
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
