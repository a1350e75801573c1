package cli

// This file implements crdgen's version, as its build says it: the module
// version it was built at, or for a build from a checkout (go build,
// go install ./cmd/crdgen), "(devel)" followed by the revision the go
// command stamped (vcs.revision) and +dirty when the tree had changes, so
// that a CRD's crdgen.dev/version names the commit that wrote it.

import (
	"runtime/debug"
)

// Version is crdgen's version, from its build info.
func Version() string {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi)
}

// versionOf is the version a build info says.
func versionOf(bi *debug.BuildInfo) string {
	if bi == nil {
		return "(devel)"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "(devel)"
	}
	v := "(devel)-" + rev[:min(len(rev), 12)]
	if dirty {
		v += "+dirty"
	}
	return v
}
