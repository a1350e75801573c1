package output

// This file implements the temporary files a run stages its outputs in,
// and cleaning up after a run that was killed: its temporary files carry
// its process ID, and the next run removes those of processes that are no
// longer running (never those of a run going on beside it).

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/crdgen/crdgen/internal/proc"
)

// tempPrefix and tempSuffix frame a staged file's name:
// .crdgen-<pid>-<n>.tmp.
const (
	tempPrefix = ".crdgen-"
	tempSuffix = ".tmp"
)

// tempName returns a new name for a staged file of this process.
func (w *Writer) tempName() string {
	return fmt.Sprintf("%s%d-%d%s", tempPrefix, os.Getpid(), w.seq.Add(1), tempSuffix)
}

// tempOwner returns the process ID in a staged file's name.
func tempOwner(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, tempPrefix)
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, tempSuffix)
	if !ok {
		return 0, false
	}
	pid, _, ok := strings.Cut(rest, "-")
	n, err := strconv.Atoi(pid)
	return n, ok && err == nil && n > 0
}

// Leftovers lists the staged files that runs no longer going on left in
// dirs (a run that was killed between staging and renaming).
func Leftovers(dirs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, dir := range dirs {
		if seen[dir] {
			continue
		}
		seen[dir] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			pid, ok := tempOwner(e.Name())
			if ok && e.Type().IsRegular() && pid != os.Getpid() && !proc.Alive(pid, filepath.Join(dir, e.Name())) {
				out = append(out, filepath.Join(dir, e.Name()))
			}
		}
	}
	return out
}

// CleanLeftovers removes what Leftovers finds.
func CleanLeftovers(dirs []string) {
	for _, path := range Leftovers(dirs) {
		os.Remove(path)
	}
}
