package main

// This file implements "crdgen test": the CRDs' test suites, run in
// process through the API server's own code.

import (
	"fmt"
	"os"
	"regexp"
	"slices"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/openshift"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"

	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// testFlags are the flags that choose and run suites.
type testFlags struct {
	suites cli.StringList
	run    string
	match  *regexp.Regexp
	format *cli.Choice
}

func (f *testFlags) register(fs *cli.FlagSet) {
	fs.Var(&f.suites, "suite", "PATH", "run the suites at PATH too (a file, or every .yaml file under a directory); repeatable")
	fs.StringVar(&f.run, "run", "REGEXP", "", "run only the cases whose suite/case name matches REGEXP")
	f.format = &cli.Choice{Value: crtest.FormatText, Allowed: []string{crtest.FormatText, crtest.FormatJSON, crtest.FormatGitHub}}
	fs.Var(f.format, "format", "text|json|github", "the results' format")
}

func (f *testFlags) check() error {
	if f.run == "" {
		return nil
	}
	re, err := regexp.Compile(f.run)
	if err != nil {
		return fmt.Errorf("--run: %v", err)
	}
	f.match = re
	return nil
}

// runOptions are the options of each run of suites.
func (f *testFlags) runOptions(r *runState) crtest.Options {
	opts := crtest.Options{CostWarn: r.crd.costOverBudget == "warn"}
	if f.match != nil {
		opts.Match = func(suite, name string) bool { return f.match.MatchString(suite + "/" + name) }
	}
	return opts
}

func testCommand() *command {
	var f testFlags
	var initKind string
	return &command{
		name: "test",
		about: `Usage: crdgen test [flags] [PACKAGES...]

Builds the CRDs of PACKAGES in memory, as crdgen generate would (it writes
nothing), and runs their test suites through the API server's own code, in
process: decoding and field validation, pruning, defaulting, the OpenAPI
schema, CEL rules (transition rules on updates), ratcheting, metadata, and
the status and scale subresources. Suites are openshift/api's CRD test
suites; they are read from the tests directory beside each API version
(api/v1/tests/**/*.yaml), from test.suites in crdgen.yaml and from --suite.

With --init KIND, writes a starter suite for the kind instead: a minimal
valid object, and a failing case for each validation crdgen can derive.
`,
		after: `Exit status: 1 when a case fails, 2 for a malformed suite (at its line) or a
wrong command line.
`,
		builds: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			f.register(fs)
			fs.StringVar(&initKind, "init", "KIND", "", "write a starter suite for the kind (Kind, or Kind.group) and run nothing")
		},
		check: func(r *runState) error {
			r.keepObjects = true
			if f.format.Value == crtest.FormatGitHub {
				r.a.format = "github"
			}
			return f.check()
		},
		uncached: func(*runState) bool { return initKind != "" },
		produce: func(r *runState) (*outputs, error) {
			if !r.results.Built() {
				return nil, nil
			}
			if initKind != "" {
				return r.starterSuite(initKind)
			}
			return r.runSuites(append(slices.Clone(r.cfgSuites), f.suites...), &f)
		},
	}
}

// runSuites finds and runs the suites of the run's CRDs: what it prints,
// and whether a case failed.
func (r *runState) runSuites(paths []string, f *testFlags) (*outputs, error) {
	for i, p := range paths {
		paths[i] = r.a.abs(p)
	}
	dirs := r.results.VersionDirs()
	if r.harness == openshift.Harness {
		// Its harness reads every package's tests, CRDs or not.
		dirs = openshift.PackageDirs(r.mod)
	}
	files, err := crtest.FindSuites(dirs, paths, r.reads)
	if err != nil {
		return nil, err
	}
	if r.harness == openshift.Harness {
		return r.runOpenShiftSuites(files, f)
	}
	out := &outputs{}
	suites, diags, err := crtest.ReadSuites(files, r.reads)
	r.diags.Append(diags)
	if err != nil {
		return nil, err
	}
	runs, problems := crtest.Assign(r.setCRDs(), suites, r.knownGates, config.Name)
	for _, p := range problems {
		r.diags.Add(p.Diagnostic())
	}
	if r.diags.HasErrors() {
		out.exitCode = exitUsage
		return out, nil
	}
	opts := f.runOptions(r)
	var outcomes []*crtest.Outcome
	v := schemagen.NewValidator()
	for _, run := range runs {
		o, _ := crtest.Run(run.CRDs, run.Suites, v, opts)
		outcomes = append(outcomes, o...)
	}
	out.stdout = []pipeline.File{pipeline.FileOf(crtest.Render(outcomes, f.format.Value, r.a.rel, r.verbose))}
	for _, o := range outcomes {
		out.failed = out.failed || !o.Passed()
	}
	return out, nil
}

// starterSuite writes a starter suite for a kind (Kind, Kind.group or the
// CRD's name) beside the package of its storage version:
// tests/<crd name>/<kind>.yaml. It never replaces a file.
func (r *runState) starterSuite(kind string) (*outputs, error) {
	crd, gates, err := crtest.FindKind(kind, r.setCRDs(), r.knownGates)
	if err != nil {
		return nil, fmt.Errorf("--init %s: %v", kind, err)
	}
	path, local := crtest.StarterPath(crd)
	if !local {
		return nil, fmt.Errorf("--init %s: the package of its storage version is not in the main module (a suite is written beside it)", kind)
	}
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s exists; crdgen test --init never replaces a suite (remove it first to start again)", r.a.rel(path))
	}
	st, err := crtest.Starter(crd.Object, gates)
	if err != nil {
		return nil, fmt.Errorf("--init %s: %v", kind, err)
	}
	out := &outputs{}
	out.Put(path, pipeline.FileOf(st.Text), output.NewOnly)
	out.stdout = []pipeline.File{pipeline.FileOf([]byte(st.Summary(r.a.rel(path)) + "\n"))}
	return out, nil
}

// setCRDs are the CRDs of every set (one with no set without feature
// sets), for crtest.
func (r *runState) setCRDs() []crtest.SetCRDs {
	var sets []crtest.SetCRDs
	for _, sr := range r.results {
		sets = append(sets, crtest.SetCRDs{Set: sr.Set, CRDs: sr.Result.CRDs})
	}
	return sets
}
