package app

import (
	"context"
	"io"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
)

// Env is the process a run belongs to: where it runs, the version it
// stamps, and its caches. Tests make their own.
type Env struct {
	Ctx context.Context
	// Dir is the working directory.
	Dir string
	// Version is crdgen's version, stamped on each CRD.
	Version string
	// CacheDir is crdgen's cache directory ($CRDGEN_CACHE): "" for the
	// user cache directory, "off" for none.
	CacheDir string
	// ConfigFile is crdgen.yaml when given ($CRDGEN_CONFIG), else "" to
	// look for it from Dir up to the module root.
	ConfigFile string
	// MemoryBudget, set by tests, overrides how much YAML a run keeps in
	// memory before it spools the rest to disk.
	MemoryBudget int64
	// Writer applies a run's changes on disk (tests set its faults).
	Writer output.Writer
	// Stdin is standard input (crdgen validate -), nil for none.
	Stdin io.Reader
	// Overlay replaces the contents of files by absolute path, as
	// go/packages overlays do: a language server's unsaved buffers. A run
	// with one uses no cache (the caches trust what is on disk).
	Overlay map[string][]byte
}

// Abs resolves a path against the working directory.
func (e *Env) Abs(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(e.Dir, path)
}

// Rel makes a path relative to the working directory when it lies under
// it.
func (e *Env) Rel(path string) string {
	if path == "" || !filepath.IsAbs(path) {
		return path
	}
	r, err := filepath.Rel(e.Dir, path)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return path
	}
	return r
}

// FindConfig reads the run's crdgen.yaml (ConfigFile, or found from the
// working directory up to the module root); nil when there is none.
func (e *Env) FindConfig(fsys safefile.FS) (*config.Config, error) {
	file := e.ConfigFile
	if file != "" {
		file = e.Abs(file)
	}
	return config.Find(e.Dir, file, e.Rel, fsys)
}
