package output

// This file implements where a run may write: inside the project, or in
// a directory outside it that the user named in so many words. A path is
// checked as written and again with every symbolic link on its way
// followed, so that neither "../../.." nor a link that leaves the project
// takes a write elsewhere.

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Bounds are the directories a run may write in. The zero value bounds
// nothing.
type Bounds struct {
	// project are the project's directories, and outside those the user
	// named outside it; each as given and with its links followed.
	project, outside []root
}

// root is a directory as given and with its links followed.
type root struct{ given, real string }

// NewBounds returns the bounds of the project's directories (the main
// modules', crdgen.yaml's, the working directory) and of directories
// outside it the user named (--allow-outside, an output directory on the
// command line). Paths are absolute.
func NewBounds(project, outside []string) Bounds {
	var b Bounds
	for _, d := range project {
		b.project = append(b.project, root{d, resolve(d)})
	}
	for _, d := range outside {
		b.outside = append(b.outside, root{d, resolve(d)})
	}
	return b
}

// Inside reports whether path, as written, lies in the project or a
// directory the user named.
func (b Bounds) Inside(path string) bool {
	return b.project == nil || b.holds(path, false)
}

// holds reports whether a directory of b holds path: as given, or (real)
// with links followed.
func (b Bounds) holds(path string, real bool) bool {
	for _, r := range append(b.project, b.outside...) {
		dir := r.given
		if real {
			dir = r.real
		}
		if Within(path, dir) {
			return true
		}
	}
	return false
}

// check says why a change may not be made: its path lies outside b as
// written, or where its links lead. A FIFO or a device is written as it
// is, wherever it is (a cost report to /dev/stdout).
func (b Bounds) check(c Change, rel func(string) string) error {
	if b.project == nil || c.Disk.Special {
		return nil
	}
	if !b.holds(c.Path, false) {
		return fmt.Errorf("%s is outside the project (%s): crdgen writes outside it only in a directory named on the command line (-o, or --allow-outside)",
			rel(c.Path), b.project[0].given)
	}
	if real := resolve(c.Disk.Target); !b.holds(real, true) {
		return fmt.Errorf("%s leads to %s, outside the project, through a symbolic link: crdgen writes through a link only inside the project or a directory named with --allow-outside",
			rel(c.Path), real)
	}
	return nil
}

// resolve follows the links of path's longest existing part and appends
// the rest (a file or directories the run will create).
func resolve(path string) string {
	dir, rest := filepath.Clean(path), ""
	for {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return path
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// Within reports whether path is dir or below it (both clean and
// absolute, or both relative).
func Within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
