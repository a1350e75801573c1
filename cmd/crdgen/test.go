package main

// This file implements "crdgen test": the CRDs' test suites, run in
// process through the API server's own code.

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/cli"
	"github.com/crdgen/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/openshift"

	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/markers"
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
			if r.res == nil {
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
	dirs := versionDirs(r.results)
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
	var suites []*crtest.Suite
	for _, file := range files {
		s, err := crtest.ReadSuite(file, r.reads)
		var se *crtest.SyntaxError
		switch {
		case errors.As(err, &se):
			r.diags.Add(se.Diagnostic())
		case err != nil:
			return nil, err
		default:
			suites = append(suites, s)
		}
	}
	var sets []crtest.SetCRDs
	if len(r.sets) == 0 {
		sets = []crtest.SetCRDs{{CRDs: r.res.CRDs}}
	}
	for _, sr := range r.results {
		if sr.set != nil {
			sets = append(sets, crtest.SetCRDs{Set: sr.set, CRDs: sr.res.CRDs})
		}
	}
	runs, problems := crtest.Assign(sets, suites, r.knownGates, config.Name)
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

// versionDirs are the directories of the packages the CRDs' versions come
// from, in every feature set.
func versionDirs(results []setResult) []string {
	set := map[string]bool{}
	for _, sr := range results {
		for _, c := range sr.res.CRDs {
			for _, k := range c.Kinds {
				if p := k.Package(); p != nil && p.Dir != "" {
					set[p.Dir] = true
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// starterSuite writes a starter suite for a kind (Kind, Kind.group or the
// CRD's name) beside the package of its storage version:
// tests/<crd name>/<kind>.yaml. It never replaces a file.
func (r *runState) starterSuite(kind string) (*outputs, error) {
	var names []string
	var found []*schemagen.CRD
	var gates []string
	for _, sr := range r.results {
		for _, c := range sr.res.CRDs {
			o := c.Object
			k := o.Spec.Names.Kind
			names = append(names, k, k+"."+o.Spec.Group)
			if (kind == k || kind == k+"."+o.Spec.Group || kind == o.Name) && !slices.ContainsFunc(found, func(f *schemagen.CRD) bool { return f.Object.Name == o.Name }) {
				found = append(found, c)
				gates = r.selecting(sr)
			}
		}
	}
	switch {
	case len(found) == 0:
		hint := ""
		if s := markers.Suggest(kind, names); s != "" {
			hint = fmt.Sprintf(", did you mean %s?", s)
		}
		return nil, fmt.Errorf("--init %s: no CRD of the packages has that kind%s", kind, hint)
	case len(found) > 1:
		var crds []string
		for _, c := range found {
			crds = append(crds, c.Object.Name)
		}
		return nil, fmt.Errorf("--init %s: %s have that kind; say which with Kind.group", kind, strings.Join(crds, " and "))
	}
	crd := found[0]
	dir, local := storageDir(crd)
	if !local {
		return nil, fmt.Errorf("--init %s: the package of its storage version is not in the main module (a suite is written beside it)", kind)
	}
	path := filepath.Join(dir, "tests", crd.Object.Name, strings.ToLower(crd.Object.Spec.Names.Kind)+".yaml")
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s exists; crdgen test --init never replaces a suite (remove it first to start again)", r.a.rel(path))
	}
	st, err := crtest.Starter(crd.Object, gates)
	if err != nil {
		return nil, fmt.Errorf("--init %s: %v", kind, err)
	}
	msg := fmt.Sprintf("wrote %s: %d cases", r.a.rel(path), st.Cases)
	if st.Cases == 1 {
		msg = fmt.Sprintf("wrote %s: 1 case", r.a.rel(path))
	}
	switch {
	case st.Skipped == 1:
		msg += "; 1 validation has no case (see its comments)"
	case st.Skipped > 1:
		msg += fmt.Sprintf("; %d validations have no case (see its comments)", st.Skipped)
	}
	if st.Full {
		msg += fmt.Sprintf("; it stops at %d failing cases", crtest.MaxStarterCases)
	}
	out := newOutputs()
	out.Files[path] = pipeline.FileOf(st.Text)
	out.stdout = []pipeline.File{pipeline.FileOf([]byte(msg + "\n"))}
	return out, nil
}

// selecting are the featureGates of a suite that runs in one set only:
// its gates on, every other known gate off (none without sets).
func (r *runState) selecting(sr setResult) []string {
	if sr.set == nil {
		return nil
	}
	var out []string
	for _, g := range r.knownGates {
		if sr.set.Holds(g) {
			out = append(out, g)
		} else {
			out = append(out, "-"+g)
		}
	}
	return out
}

// storageDir is the directory of the package of a CRD's storage version,
// and whether it is the main module's.
func storageDir(crd *schemagen.CRD) (string, bool) {
	for i, v := range crd.Object.Spec.Versions {
		if v.Storage && i < len(crd.Kinds) {
			if p := crd.Kinds[i].Package(); p != nil {
				return p.Dir, p.Local && p.Dir != ""
			}
		}
	}
	return "", false
}
