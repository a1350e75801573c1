package parser

// This file implements what a listing depends on, so that a caller can keep
// a listing and tell, without running the go command, that listing again
// would give the same: the go command's files (go.mod, go.sum, go.work,
// vendor/modules.txt, its env file) where it looks for them, every
// directory of a package outside the module cache (its entries, and the
// header of each Go file: build constraints, package clause, imports, cgo
// preamble), the directories a "..." pattern walks, and the module cache
// directories of the dependencies (which hold what their version holds, as
// long as they exist). The environment, the patterns and the build tags are
// the caller's part of the key.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/crdgen/crdgen/internal/safefile"

	"github.com/crdgen/crdgen/internal/filestat"
)

// ListingWatch is what a listing depends on, as it was when it was made.
type ListingWatch struct {
	// Files must hold what they held (a file that was missing must still
	// be missing); GoFiles are Go files whose header must be the same.
	Files   []WatchedFile `json:"files"`
	GoFiles []WatchedFile `json:"goFiles"`
	// Dirs must list the same entries.
	Dirs []WatchedDir `json:"dirs"`
	// Exist are module cache directories that must still exist.
	Exist []string `json:"exist"`
}

// WatchedFile is a file's state: its stat, and the SHA-256 of what matters
// of it (all of it, or a Go file's header); Missing when there was none.
type WatchedFile struct {
	Path    string        `json:"path"`
	Stat    filestat.Stat `json:"stat"`
	SHA256  string        `json:"sha256,omitempty"`
	Missing bool          `json:"missing,omitempty"`
}

// WatchedDir is a directory's entries ("name" or "name/" for a directory).
type WatchedDir struct {
	Path    string   `json:"path"`
	Entries []string `json:"entries"`
}

// errNotKept says a listing cannot be kept: it has errors, an overlay, a
// //go:embed line (whose patterns the go command checks against files), or
// a packages driver that is not the go command.
var errNotKept = errors.New("this listing is not kept")

// Watch returns what the listing depends on. A listing that cannot be kept
// (see errNotKept) has no watch, nor has one whose inputs changed while the
// go command read them: before, taken before listing (StateBefore), is
// what they were then (nil: not checked).
func (l *Listing) Watch(env []string, before *Before) (*ListingWatch, error) {
	trees, ok := patternTrees(l.patterns)
	if !ok || len(l.opts.Overlay) > 0 || getenv(env, "GOPACKAGESDRIVER") != "" || l.noModules {
		return nil, errNotKept
	}
	w := &ListingWatch{}
	dirs := map[string]bool{}
	for _, p := range l.pkgs {
		if len(p.Errors) > 0 {
			return nil, errNotKept
		}
		switch {
		case p.Standard:
		case inModuleCache(p):
			w.Exist = append(w.Exist, p.Dir)
		default:
			dirs[p.Dir] = true
		}
	}
	var modDirs []string
	for _, p := range l.pkgs {
		if m := p.Module; m != nil && !inModuleCache(p) {
			if m.Replace != nil {
				m = m.Replace
			}
			if m.Dir != "" && !slices.Contains(modDirs, m.Dir) {
				modDirs = append(modDirs, m.Dir)
			}
		}
	}
	for _, d := range modDirs {
		for _, name := range []string{"go.mod", "go.sum", filepath.Join("vendor", "modules.txt")} {
			w.Files = append(w.Files, watchWhole(filepath.Join(d, name)))
		}
	}
	for i, d := range append([]string{l.opts.Dir}, l.dirs...) {
		for _, f := range goCommandFiles(d, env) {
			if i == 0 || !slices.ContainsFunc(w.Files, func(g WatchedFile) bool { return g.Path == f.Path }) {
				w.Files = append(w.Files, f)
			}
		}
	}
	for _, root := range trees {
		walkPattern(filepath.Join(l.opts.Dir, root), dirs)
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		wd, goFiles, err := watchDir(d)
		if err != nil {
			return nil, err
		}
		w.Dirs = append(w.Dirs, wd)
		for _, f := range goFiles {
			wf, embeds, err := watchHeader(f)
			if err != nil {
				return nil, err
			}
			if embeds {
				return nil, errNotKept
			}
			w.GoFiles = append(w.GoFiles, wf)
		}
	}
	slices.Sort(w.Exist)
	if before != nil && before.changed(w) {
		return nil, errNotKept
	}
	return w, nil
}

// Before is the state, before listing, of what a listing may depend on.
type Before struct {
	stats map[string]filestat.Stat
	start time.Time
}

// StateBefore records, before the go command lists patterns in dir, the
// state of what the listing may depend on: the go command's files, the
// directories a "..." pattern walks and their Go files, and everything an
// earlier watch of the same patterns depended on (nil: none), which holds
// the package directories outside the patterns.
func StateBefore(dir string, patterns, env []string, earlier *ListingWatch) *Before {
	b := &Before{stats: map[string]filestat.Stat{}, start: time.Now()}
	add := func(path string) {
		if _, ok := b.stats[path]; !ok {
			b.stats[path] = filestat.OfAny(path)
		}
	}
	for _, path := range goCommandPaths(dir, env) {
		add(path)
	}
	dirs := map[string]bool{}
	trees, _ := patternTrees(patterns)
	for _, root := range trees {
		walkPattern(filepath.Join(dir, root), dirs)
	}
	if earlier != nil {
		for _, d := range earlier.Dirs {
			dirs[d.Path] = true
		}
		for _, f := range slices.Concat(earlier.Files, earlier.GoFiles) {
			add(f.Path)
		}
	}
	for d := range dirs {
		add(d)
		if entries, err := dirEntries(d); err == nil {
			for _, e := range entries {
				if strings.HasSuffix(e, ".go") {
					add(filepath.Join(d, e))
				}
			}
		}
	}
	return b
}

// changed reports whether anything a watch holds changed after b was
// taken: a path b has that is not as it was, or one it lacks that was
// modified since (within a second: some file systems keep whole seconds).
func (b *Before) changed(w *ListingWatch) bool {
	var paths []string
	for _, f := range slices.Concat(w.Files, w.GoFiles) {
		paths = append(paths, f.Path)
	}
	for _, d := range w.Dirs {
		paths = append(paths, d.Path)
	}
	since := b.start.Add(-time.Second).UnixNano()
	for _, path := range paths {
		now := filestat.OfAny(path)
		was, ok := b.stats[path]
		switch {
		case ok && was != now:
			return true
		case !ok && now.Size >= 0 && (now.ModTime >= since || now.Change >= since):
			return true
		}
	}
	return false
}

// Holds reports whether listing again would give the same listing.
func (w *ListingWatch) Holds() bool {
	for _, d := range w.Exist {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return false
		}
	}
	for _, d := range w.Dirs {
		entries, err := dirEntries(d.Path)
		if err != nil || !slices.Equal(entries, d.Entries) {
			return false
		}
	}
	for _, f := range w.Files {
		if now := watchWhole(f.Path); now.Missing != f.Missing || now.SHA256 != f.SHA256 {
			return false
		}
	}
	for _, f := range w.GoFiles {
		if filestat.Of(f.Path) == f.Stat {
			continue
		}
		now, embeds, err := watchHeader(f.Path)
		if err != nil || embeds || now.SHA256 != f.SHA256 {
			return false
		}
	}
	return true
}

// inModuleCache reports whether a package comes from the module cache,
// read-only and named by its version (not a replacement by a directory,
// not vendored).
func inModuleCache(p *listedPkg) bool {
	m := p.Module
	return m != nil && m.Version != "" && (m.Replace == nil || m.Replace.Version != "") && !strings.Contains(filepath.ToSlash(p.Dir), "/vendor/")
}

// goCommandFiles are the files the go command reads to find the main
// module and workspace from dir, and its settings: go.mod and go.work in
// dir and every directory above (a new one changes the main module), the
// workspace's go.work.sum, and the go env file.
func goCommandFiles(dir string, env []string) []WatchedFile {
	var out []WatchedFile
	for _, path := range goCommandPaths(dir, env) {
		out = append(out, watchWhole(path))
	}
	return out
}

// goCommandPaths are the paths of goCommandFiles.
func goCommandPaths(dir string, env []string) []string {
	var out []string
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	for d := abs; ; d = filepath.Dir(d) {
		for _, name := range []string{"go.mod", "go.work", "go.work.sum"} {
			out = append(out, filepath.Join(d, name))
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if gw := getenv(env, "GOWORK"); gw != "" && gw != "off" {
		out = append(out, gw, gw+".sum")
	}
	goenv := getenv(env, "GOENV")
	if goenv == "" {
		if cfg, err := os.UserConfigDir(); err == nil {
			goenv = filepath.Join(cfg, "go", "env")
		}
	}
	if goenv != "" && goenv != "off" {
		out = append(out, goenv)
	}
	return out
}

// patternTrees returns the directories the "..." patterns among patterns
// walk; ok is false when one of them is an import path pattern, whose
// packages change with modules and directories alike (not kept).
func patternTrees(patterns []string) (roots []string, ok bool) {
	for _, pat := range patterns {
		root, tree := strings.CutSuffix(pat, "/...")
		if pat == "..." {
			root, tree = ".", true
		}
		switch {
		case strings.Contains(root, "...") || tree && !isDirPattern(root):
			return nil, false
		case tree:
			roots = append(roots, root)
		}
	}
	return roots, true
}

// isDirPattern reports whether a pattern names a directory: ".", "..",
// "./x", "../x" or an absolute path.
func isDirPattern(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p)
}

// walkPattern adds the directories a "..." pattern rooted at root walks,
// as the go command walks them: not into directories named testdata or
// vendor, or starting with "." or "_". It walks into other modules (a
// workspace's are matched; for another module, watching more directories
// than the go command reads only costs a miss).
func walkPattern(root string, dirs map[string]bool) {
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return fs.SkipDir
		}
		dirs[path] = true
		return nil
	})
}

// watchDir returns a directory's entries and its Go files.
func watchDir(dir string) (WatchedDir, []string, error) {
	entries, err := dirEntries(dir)
	if err != nil {
		return WatchedDir{}, nil, err
	}
	var goFiles []string
	for _, e := range entries {
		if strings.HasSuffix(e, ".go") {
			goFiles = append(goFiles, filepath.Join(dir, e))
		}
	}
	return WatchedDir{Path: dir, Entries: entries}, goFiles, nil
}

// dirEntries lists a directory: names, and "name/" for directories.
func dirEntries(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			name += "/"
		}
		out = append(out, name)
	}
	return out, nil
}

// watchWhole returns a file's state with the hash of all of it.
func watchWhole(path string) WatchedFile {
	data, err := safefile.Read(path)
	if err != nil {
		return WatchedFile{Path: path, Missing: true}
	}
	sum := sha256.Sum256(data)
	return WatchedFile{Path: path, Stat: filestat.Of(path), SHA256: hex.EncodeToString(sum[:])}
}

// watchHeader returns a Go file's state with the hash of its header: what
// the go command reads of it to list it (up to the end of its imports,
// with the comments before, where build constraints and cgo directives
// are). embeds reports a //go:embed line anywhere in the file.
func watchHeader(path string) (w WatchedFile, embeds bool, err error) {
	data, err := safefile.Read(path)
	if err != nil {
		return w, false, err
	}
	end := len(data)
	if f, err := parser.ParseFile(token.NewFileSet(), "", data, parser.ImportsOnly|parser.ParseComments|parser.SkipObjectResolution); err == nil && f != nil {
		end = int(f.Name.End()) - 1
		if n := len(f.Imports); n > 0 {
			end = max(end, int(f.Imports[n-1].End())-1)
		}
		for _, d := range f.Decls {
			end = max(end, int(d.End())-1)
		}
	}
	sum := sha256.Sum256(data[:min(end, len(data))])
	return WatchedFile{Path: path, Stat: filestat.Of(path), SHA256: hex.EncodeToString(sum[:])}, bytes.Contains(data, []byte("//go:embed")), nil
}

func getenv(env []string, key string) string {
	if env == nil {
		return os.Getenv(key)
	}
	v := ""
	for _, kv := range env {
		if val, ok := strings.CutPrefix(kv, key+"="); ok {
			v = val
		}
	}
	return v
}

// EncodeListing returns a listing as JSON, for DecodeListing.
func (l *Listing) Encode() ([]byte, error) {
	return json.Marshal(keptListing{Pkgs: l.pkgs, MainDirs: l.mainDirs, NoModules: l.noModules})
}

// DecodeListing reads back a listing Encode made of the same patterns and
// options.
func DecodeListing(data []byte, patterns []string, opts Options) (*Listing, error) {
	var k keptListing
	if err := json.Unmarshal(data, &k); err != nil {
		return nil, err
	}
	l := &Listing{patterns: patterns, opts: opts, pkgs: k.Pkgs, mainDirs: k.MainDirs, noModules: k.NoModules, byPath: map[string]*listedPkg{}}
	for _, p := range l.pkgs {
		l.byPath[p.ImportPath] = p
	}
	return l, nil
}

// keptListing is a listing as Encode writes it.
type keptListing struct {
	Pkgs      []*listedPkg `json:"pkgs"`
	MainDirs  []string     `json:"mainDirs"`
	NoModules bool         `json:"noModules"`
}
