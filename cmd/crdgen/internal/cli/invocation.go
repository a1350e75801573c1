package cli

// This file works out how the user runs crdgen, so that the commands crdgen
// prints ("run ... to update it") can be pasted as they are: "go tool
// crdgen" when the go command built it as a tool of the module, "go run
// <package>@<version>" when it built it at a version outside one, and
// "crdgen" (an installed binary) otherwise.

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"

	"golang.org/x/mod/modfile"
)

// Invocation is how crdgen was run, in dir: its executable's path, the
// go.mod of the module around dir, and its build info.
func Invocation(dir string) string {
	exe, _ := os.Executable()
	var pkg, mod, version string
	if bi, ok := debug.ReadBuildInfo(); ok {
		pkg, mod, version = bi.Path, bi.Main.Path, bi.Main.Version
	}
	return invocationOf(exe, goMod(dir), pkg, mod, version)
}

// goMod is the go.mod of the module around dir, or nil.
func goMod(dir string) []byte {
	for d := dir; ; d = filepath.Dir(d) {
		if data, err := safefile.Read(filepath.Join(d, "go.mod")); err == nil {
			return data
		}
		if filepath.Dir(d) == d {
			return nil
		}
	}
}

// goBuilt matches where the go command puts the binaries it builds to run:
// a temporary work directory (/tmp/go-build123/b001/exe/) or its build
// cache (GOCACHE/ab/<hash>-d/), wherever GOCACHE is.
var goBuilt = regexp.MustCompile(`/go-build[0-9]+/b[0-9]+/exe/|/[0-9a-f]{2}/[0-9a-f]{64}-d/`)

// invocationOf decides how crdgen was run from the path of its executable,
// the go.mod of the module it runs in, and its build info (main package
// path, its module's path and version).
func invocationOf(exe string, goMod []byte, pkg, mod, version string) string {
	if !goBuilt.MatchString(filepath.ToSlash(exe)) || pkg == "" {
		return "crdgen"
	}
	if goMod != nil {
		if f, err := modfile.Parse("go.mod", goMod, nil); err == nil {
			for _, t := range f.Tool {
				if t.Path == pkg {
					return "go tool " + pkg[strings.LastIndex(pkg, "/")+1:]
				}
			}
			if f.Module != nil && f.Module.Mod.Path == mod {
				// go run in crdgen's own module.
				return "go run " + pkg
			}
		}
	}
	if version != "" && version != "(devel)" && !strings.HasSuffix(version, "+dirty") {
		return "go run " + pkg + "@" + version
	}
	return "crdgen"
}
