package app

// This file implements crd's diagnostics without its outputs, for a linter
// (cmd/crdgen/gclplugin): crd's request, load and build, nothing written.

import (
	"go/token"
	"slices"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// LintCommand is crdgen crd as a linter runs it: the same shared flags and
// flags that shape CRDs, crdgen.yaml and layout, so the same diagnostics;
// no output flags, no rerun record (a lint writes nothing a record could
// stand for), and ./... when neither the arguments nor the layout name
// packages, as golangci-lint lints ./....
func LintCommand() *Command {
	return &Command{
		Name: "crd",
		About: `Usage: (golangci-lint plugin) crdgen crd's flags and PACKAGES...

Reports what crdgen crd reports of PACKAGES, writing nothing.
`,
		Builds:          true,
		Flags:           func(*Request, *cli.FlagSet, *config.Config) {},
		Uncached:        func(*Request) bool { return true },
		DefaultPackages: []string{"./..."},
	}
}

// Lint is what crd reports of a request's packages, for a linter.
type Lint struct {
	// Diags are the diagnostics crd prints: sorted, without the
	// consequences of a syntax error and without the warnings --suppress
	// (or crdgen.yaml's suppress) names.
	Diags markers.ErrorList
	// Anchor is where a linter reports a diagnostic that has no place in
	// a Go file of the packages (a position in crdgen.yaml, none at all):
	// the package clause of the first API package by import path (zero
	// when none loaded).
	Anchor token.Position
}

// Diagnostics takes a request through the load and the build and returns
// what crd would print of them. err is what crd would print as "crdgen:
// ERR" (the packages did not load, a setting is wrong), with the
// diagnostics so far.
func Diagnostics(r *Request) (Lint, error) {
	l, res := r.Load()
	if res != nil {
		return Lint{Diags: res.Diags.Without(res.Suppress).Sorted()}, res.Err
	}
	b, res := l.Build()
	defer func() { b.Results.Close() }()
	out := Lint{Diags: slices.DeleteFunc(slices.Clone(b.Diags), b.Model.Consequence)}
	if i := slices.IndexFunc(b.Model.Packages, func(p *model.Package) bool { return p.Root }); i >= 0 {
		out.Anchor = b.Model.Packages[i].Pos
	}
	if res != nil {
		out.Diags = out.Diags.Without(res.Suppress).Sorted()
		return out, res.Err
	}
	out.Diags = out.Diags.Without(r.Suppress.Codes).Sorted()
	return out, nil
}
