package parser

// This file implements the fingerprint of a load: a hash of everything Load
// reads, so that a caller can tell that nothing has changed since an earlier
// run without loading again.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/internal/filestat"

	"github.com/crdgen/crdgen/internal/safefile"
)

// Fingerprint returns a hash of the inputs of Load(ctx, patterns, opts): the
// packages the patterns match and every package they import, each by its
// module version and the size and modification time of its files when it
// comes from the module cache (with the change time and inode, which no
// edit puts back), and by the content of its Go files otherwise
// (the main module, replaced modules, vendored code). It costs one "go list -deps" and reading
// the local files, much less than a load.
func Fingerprint(ctx context.Context, patterns []string, opts Options) (string, error) {
	l, err := List(ctx, patterns, opts)
	if err != nil {
		return "", err
	}
	return l.Fingerprint()
}

// Fingerprint hashes the inputs of loading the listing (see Fingerprint).
// A listing with load errors has none: its run reports them.
func (l *Listing) Fingerprint() (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "patterns %q tags %q\n", l.patterns, l.opts.BuildTags)
	for _, p := range l.pkgs {
		if len(p.Errors) > 0 {
			return "", fmt.Errorf("%s does not load", p.ImportPath)
		}
		// What the go command said of the package: its files are those its
		// build tags and GOOS/GOARCH select (GOFLAGS in the go env file
		// among what decides), so a file a new tag brings in changes the
		// fingerprint even where the directory's files do not change.
		fmt.Fprintf(h, "package %s %s %v %s %q\n", p.ImportPath, p.Name, p.DepOnly, p.Dir, p.GoFiles)
		switch m := p.Module; {
		case p.Standard:
			// The standard library: fixed by the go command's version.
		case m != nil && m.Version != "" && (m.Replace == nil || m.Replace.Version != "") && !strings.Contains(filepath.ToSlash(p.Dir), "/vendor/"):
			v := m.Version
			if m.Replace != nil {
				v = m.Replace.Path + "@" + m.Replace.Version
			}
			fmt.Fprintf(h, "module %s@%s\n", m.Path, v)
			// The module cache is read-only, but a file there can still be
			// edited: its stat tells, without reading: size, modification
			// and change times and inode, the last two of which no edit can
			// put back.
			if err := statFiles(h, p.GoFiles); err != nil {
				return "", err
			}
		default:
			if err := hashDir(h, p.Dir); err != nil {
				return "", err
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// statFiles hashes the name and stat of each file.
func statFiles(h io.Writer, files []string) error {
	for _, f := range files {
		st := filestat.Of(f)
		if st.Size < 0 {
			return fmt.Errorf("%s is not a regular file", f)
		}
		fmt.Fprintf(h, "stat %s %+v\n", f, st)
	}
	return nil
}

// hashDir hashes every Go file of a directory, whatever its build tags, with
// its name: a generated file that a build tag hides from one load still
// changes what another reads (DeepCopyInto methods, for one). crdgen's own
// conversion files are left out: they are outputs, which the caller checks.
func hashDir(h io.Writer, dir string) error {
	if dir == "" {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || generatedOutput(e.Name()) {
			continue
		}
		data, err := safefile.Read(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "file %s\n", filepath.Join(dir, e.Name()))
		h.Write(data)
	}
	return nil
}

// generatedOutput reports whether a file name is one crdgen writes into
// packages.
func generatedOutput(name string) bool {
	return name == "zz_generated.conversion.go" || name == "zz_generated.conversion_test.go"
}
