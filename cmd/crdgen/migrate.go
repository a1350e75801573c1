package main

// This file implements "crdgen migrate": it rewrites a project's
// controller-gen invocations to run crdgen (cmd/crdgen/internal/migrate
// works out the changes), and writes them through the output layer, all
// or nothing; --check prints the diff instead.

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/mod/semver"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/migrate"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
)

const migrateAbout = `Usage: crdgen migrate [flags]

Rewrites the project's controller-gen invocations to run crdgen: the
Makefile's recipe lines (any target, with variables such as $(CRD_OPTIONS)
expanded), the shell scripts its recipes run, and //go:generate directives.
Each option becomes the crdgen generate flag (or crdgen.yaml setting) it
maps to; only those lines change, and the Makefile gets kubebuilder's way
of installing crdgen: CRDGEN ?= $(LOCALBIN)/crdgen (make CRDGEN=PATH to use
another binary), CRDGEN_VERSION, and a crdgen target through go-install-tool.
go.mod is not changed. An option crdgen cannot map is an error at its line,
and nothing is written.

Flags:
`

func (a *invocation) migrateCmd(args []string) int {
	fs := cli.NewFlagSet("migrate")
	var check bool
	var line string
	var version string
	fs.BoolVar(&check, "check", false, "print the changes as a diff and write nothing (exit 1 when there are any)")
	fs.StringVar(&version, "crdgen-version", "VERSION", "", "the crdgen version the Makefile installs (CRDGEN_VERSION; default: this crdgen's version when it is a release, else latest)")
	fs.StringVar(&line, "line", "LINE", "", "print the crdgen command line one controller-gen command line maps to, and change nothing")
	rest, err := fs.ParseArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(a.stdout, migrateAbout+fs.Lines())
		return exitOK
	}
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("takes no arguments, got %q", rest[0])
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen migrate: %v\n\n%s%s", err, migrateAbout, fs.Lines())
		return exitUsage
	}
	if version == "" {
		version = defaultInstallVersion(a.Version)
	}
	opts := migrate.Options{Dir: a.Dir, Version: version, Lenient: a.lenient}
	if project, err := config.FindProject(a.Dir, safefile.OS{}); err == nil {
		opts.Defaults.HeaderFile = config.LayoutOf(nil, project, safefile.OS{}).HeaderFile
	}
	if fs.IsSet("line") {
		mapped, diags := migrate.Line(line, opts.Defaults)
		if diags.HasErrors() {
			return a.print(&app.Result{Code: exitFail, Diags: diags})
		}
		fmt.Fprintln(a.stdout, mapped)
		return exitOK
	}
	res, diags, err := migrate.Run(opts)
	if err != nil || diags.HasErrors() {
		return a.print(&app.Result{Code: exitFail, Diags: diags, Err: err})
	}
	a.print(&app.Result{Diags: diags})
	if res.Invocations == 0 {
		fmt.Fprintln(a.stdout, "crdgen migrate: no controller-gen invocation found; nothing to do")
		return exitOK
	}
	plan, err := output.PlanOf(res.Set, output.NewBounds([]string{a.Dir}, nil), a.Rel)
	if err != nil {
		return a.print(&app.Result{Code: exitFail, Err: err})
	}
	if check {
		output.DriftOf(plan, "crdgen migrate").WriteDiffs(a.stdout, a.Rel)
		return exitFail
	}
	if err := a.Writer.Apply(a.Ctx, plan); err != nil {
		return a.print(&app.Result{Code: exitFail, Err: err})
	}
	for _, c := range res.Changes {
		fmt.Fprintf(a.stdout, "%s:%d: %s\n  now: %s\n", c.File, c.Line, c.Old, c.New)
	}
	for _, file := range slices.Sorted(maps.Keys(res.Added)) {
		fmt.Fprintf(a.stdout, "%s: added\n  %s\n", file, strings.Join(res.Added[file], "\n  "))
	}
	fmt.Fprintf(a.stdout, "crdgen migrate: %d controller-gen invocations now run crdgen; go.mod is unchanged\n", res.Invocations)
	return exitOK
}

// defaultInstallVersion is the version the Makefile installs when
// --crdgen-version does not say: this crdgen's, when it was built at a
// released version, else latest.
func defaultInstallVersion(v string) string {
	if semver.IsValid(v) && !strings.HasSuffix(v, "+dirty") {
		return v
	}
	return "latest"
}

// lenient runs a mapped line's crdgen command in dir, writing nothing, and
// reports whether it fails only on unknown or misplaced markers (which
// controller-gen drops silently and --unknown-markers=warn lets through),
// with those errors.
func (a *invocation) lenient(dir string, args []string) (bool, markers.ErrorList) {
	c := packageCommand(args[0])
	if c == nil {
		return false, nil
	}
	env := &app.Env{Ctx: a.Ctx, Dir: dir, Version: a.Version, CacheDir: "off"}
	r, res := app.Prepare(env, c, args[1:])
	if res != nil {
		return false, nil
	}
	l, res := r.Load()
	diags := markers.ErrorList(nil)
	if res != nil {
		diags = res.Diags
	} else {
		b, res := l.Build()
		defer b.Results.Close()
		diags = b.Diags
		if res != nil {
			diags = res.Diags
		}
	}
	var found markers.ErrorList
	for _, d := range diags {
		if d.Severity != markers.Error {
			continue
		}
		if d.Code != markers.CodeUnknownMarker && d.Code != markers.CodeMarkerTarget {
			return false, nil
		}
		found = append(found, d)
	}
	return len(found) > 0, found
}
