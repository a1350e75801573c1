package main

// This file implements --suppress (and suppress: in crdgen.yaml): warnings
// of the named codes are not printed. Errors always are, since they stop
// crdgen from writing anything; a project that must live with one changes
// the marker or the Go type instead.

import (
	"slices"

	"github.com/crdgen/crdgen/internal/cli"
	"github.com/crdgen/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/markers"
)

// registerSuppress adds --suppress to a command's flags, starting from
// crdgen.yaml's list (checked when the file was read).
func (a *app) registerSuppress(fs *cli.FlagSet, cfg *config.Config) {
	for _, name := range cfg.Suppress {
		a.suppress.Codes = append(a.suppress.Codes, markers.Code(name))
	}
	fs.Var(&a.suppress, "suppress", "CODE[,CODE]", "do not print warnings with these codes (errors always print); repeatable")
}

// unsuppressed drops the warnings whose code is suppressed.
func (a *app) unsuppressed(diags markers.ErrorList) markers.ErrorList {
	if len(a.suppress.Codes) == 0 {
		return diags
	}
	var out markers.ErrorList
	for _, d := range diags {
		if d.Severity == markers.Warning && slices.Contains(a.suppress.Codes, d.Code) {
			continue
		}
		out = append(out, d)
	}
	return out
}
