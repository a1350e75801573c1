package cache

// This file implements the cache directory: where it is, and which crdgen
// build writes it.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"
)

// Dir is crdgen's cache directory for one run; nil is caching off.
type Dir struct {
	root string
	// build identifies the crdgen that writes the records: its version,
	// its binary, and the custom inflections it read.
	build string
}

// Open returns the cache directory of a run. setting is $CRDGEN_CACHE: a
// directory, "off", or "" for crdgen in the user cache directory; version
// is crdgen's; off is the run's own switch (--no-cache, --check). It
// returns nil when caching is off, or when the running binary cannot be
// identified (a record could then be another build's).
func Open(setting, version string, off bool) *Dir {
	if off || setting == "off" {
		return nil
	}
	root := setting
	if root == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		root = filepath.Join(base, "crdgen")
	}
	exe, err := executableStamp()
	if err != nil {
		return nil
	}
	return &Dir{root: root, build: version + "\x00" + exe + "\x00" + inflectionStamp()}
}

// Build identifies the crdgen build that writes the records.
func (d *Dir) Build() string { return d.build }

// path is a file or directory of the cache.
func (d *Dir) path(name string) string { return filepath.Join(d.root, name) }

// executableStamp identifies the running crdgen binary: a rebuilt crdgen
// gets a new modification time.
func executableStamp() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano()), nil
}

// inflectionStamp identifies the custom inflections crdgen's pluralization
// (gobuffalo/flect, as controller-gen's) read when the process started:
// inflections.json and acronyms.json in the working directory, or the files
// $INFLECT_PATH and $ACRONYMS_PATH name. They change CRD names, so every
// record's build holds them.
func inflectionStamp() string {
	wd, _ := os.Getwd()
	var parts []string
	for _, f := range [][2]string{{"inflections.json", "INFLECT_PATH"}, {"acronyms.json", "ACRONYMS_PATH"}} {
		path, ok := os.LookupEnv(f[1])
		if !ok {
			path = filepath.Join(wd, f[0])
		}
		data, err := safefile.Read(path)
		if err != nil {
			parts = append(parts, f[0]+": none")
			continue
		}
		parts = append(parts, f[0]+": "+sha256Hex(data))
	}
	return strings.Join(parts, "\n")
}

// HashStrings hashes a list of strings, each framed by its length.
func HashStrings(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\n", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
