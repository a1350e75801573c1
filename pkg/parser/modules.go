package parser

// This file implements how patterns reach into other modules of a
// repository, as controller-gen's loader does: a directory pattern is
// listed from the module that holds its directory, and a "..." pattern
// also lists every module nested below it (a go.mod in a subdirectory:
// the API types in their own module under api/, with a replace to it in
// the root go.mod). The go command alone stops at a nested module's
// boundary ("./..." leaves it out, "./api/..." is "not in the main
// module"). In a workspace the go command already lists every module of
// it, so the patterns go to it as they are.

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// listGroup is one go command run: patterns, listed from dir.
type listGroup struct {
	dir      string
	patterns []string
	// from are the command line patterns that led to the group, for errors.
	from []string
}

// listGroups splits patterns by the module they are listed from. The
// first group is the patterns listed from dir (possibly none), as they
// are; each other module's patterns are rewritten relative to its root.
// Outside a workspace, a directory pattern whose directory is in another
// module goes to that module, and a "..." pattern adds "./..." of each
// module nested below its directory (found as the go command walks: not in
// testdata, vendor, or directories starting with "." or "_").
func listGroups(dir string, patterns, env []string) []listGroup {
	main := listGroup{dir: dir}
	if inWorkspace(dir, env) {
		main.patterns = patterns
		return []listGroup{main}
	}
	mainRoot := moduleRoot(absDir(dir))
	others := map[string]*listGroup{}
	add := func(root, pattern, from string) {
		g := others[root]
		if g == nil {
			g = &listGroup{dir: root}
			others[root] = g
		}
		if !slices.Contains(g.patterns, pattern) {
			g.patterns = append(g.patterns, pattern)
		}
		if !slices.Contains(g.from, from) {
			g.from = append(g.from, from)
		}
	}
	for _, pat := range patterns {
		base, tree := strings.CutSuffix(pat, "/...")
		if pat == "..." {
			base, tree = ".", true
		}
		if !isDirPattern(base) || strings.Contains(base, "...") {
			main.patterns = append(main.patterns, pat)
			continue
		}
		d := filepath.Join(absDir(dir), base)
		if filepath.IsAbs(base) {
			d = filepath.Clean(base)
		}
		root := moduleRoot(d)
		if root == "" || root == mainRoot {
			main.patterns = append(main.patterns, pat)
		} else {
			add(root, relPattern(root, d, tree), pat)
		}
		if tree {
			for _, nested := range nestedModules(d) {
				if nested != mainRoot {
					add(nested, "./...", pat)
				}
			}
		}
	}
	groups := []listGroup{main}
	for _, root := range slices.Sorted(maps.Keys(others)) {
		groups = append(groups, *others[root])
	}
	return groups
}

// relPattern is the pattern for directory d (and below it, for a tree)
// listed from module root.
func relPattern(root, d string, tree bool) string {
	rel, err := filepath.Rel(root, d)
	if err != nil || rel == "." {
		rel = "."
	} else {
		rel = "./" + filepath.ToSlash(rel)
	}
	if tree {
		if rel == "." {
			return "./..."
		}
		return rel + "/..."
	}
	return rel
}

// nestedModules returns the roots of the modules below d (not d's own),
// sorted, walking as the go command walks a "..." pattern.
func nestedModules(d string) []string {
	var out []string
	filepath.WalkDir(d, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() {
			name := e.Name()
			if path != d && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return fs.SkipDir
			}
			return nil
		}
		if e.Name() == "go.mod" && filepath.Dir(path) != d {
			out = append(out, filepath.Dir(path))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// moduleRoot returns the directory of the go.mod that holds d: d or the
// nearest directory above it with one; "" for none.
func moduleRoot(d string) string {
	for {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !fi.IsDir() {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// inWorkspace reports whether the go command runs in workspace mode from
// dir: GOWORK names a file, or (unset) a go.work is in dir or above it.
func inWorkspace(dir string, env []string) bool {
	switch gw := getenv(env, "GOWORK"); gw {
	case "off":
		return false
	case "":
	default:
		return true
	}
	for d := absDir(dir); ; d = filepath.Dir(d) {
		if fi, err := os.Stat(filepath.Join(d, "go.work")); err == nil && !fi.IsDir() {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// absDir is dir made absolute ("" is the working directory).
func absDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	return abs
}
