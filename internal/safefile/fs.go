package safefile

// This file implements FS: how a package reads what a run consults besides
// the Go packages (crdgen.yaml, CRD test suites, the previous CRDs), so
// that a caller can record every read (the rerun cache does).

import (
	"io/fs"
	"os"
)

// FS reads the file system. Paths are the caller's own (absolute or
// relative to the working directory).
type FS interface {
	// ReadDir lists a directory, sorted by name.
	ReadDir(dir string) ([]fs.DirEntry, error)
	// ReadFile reads a regular file as Read does.
	ReadFile(path string) ([]byte, error)
	// Stat describes a path, following symbolic links.
	Stat(path string) (fs.FileInfo, error)
}

// OS is the file system as it is, read safely.
type OS struct{}

// ReadDir lists a directory, sorted by name.
func (OS) ReadDir(dir string) ([]fs.DirEntry, error) { return os.ReadDir(dir) }

// ReadFile reads a regular file (see Read).
func (OS) ReadFile(path string) ([]byte, error) { return Read(path) }

// Stat describes a path, following symbolic links.
func (OS) Stat(path string) (fs.FileInfo, error) { return os.Stat(path) }
