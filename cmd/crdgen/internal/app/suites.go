package app

// This file implements what crdgen test makes of a build: its suites,
// found, assigned to the CRDs and run in process through the API server's
// own code, or a starter suite for a kind.

import (
	"errors"
	"fmt"
	"os"
	"regexp"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/openshift"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// TestFlags are the flags that choose and run suites.
type TestFlags struct {
	Suites cli.StringList
	run    string
	match  *regexp.Regexp
	Format *cli.Choice
}

// Register registers the flags on fs.
func (f *TestFlags) Register(fs *cli.FlagSet) {
	fs.Var(&f.Suites, "suite", "PATH", "run the suites at PATH too (a file, or every .yaml file under a directory); repeatable")
	fs.StringVar(&f.run, "run", "REGEXP", "", "run only the cases whose suite/case name matches REGEXP")
	f.Format = &cli.Choice{Value: crtest.FormatText, Allowed: []string{crtest.FormatText, crtest.FormatJSON, crtest.FormatGitHub}}
	fs.Var(f.Format, "format", "text|json|github", "the results' format")
}

// Check compiles --run.
func (f *TestFlags) Check() error {
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
func (f *TestFlags) runOptions(r *Request) crtest.Options {
	opts := crtest.Options{CostWarn: r.CRD.CostOverBudget == "warn"}
	if f.match != nil {
		opts.Match = func(suite, name string) bool { return f.match.MatchString(suite + "/" + name) }
	}
	return opts
}

// Suites finds and runs the suites of the build's CRDs (from the tests
// directories and paths): what it prints, and whether a case failed.
func Suites(b *Build, paths []string, f *TestFlags) (*Outputs, error) {
	for i, p := range paths {
		paths[i] = b.Abs(p)
	}
	dirs := b.Results.VersionDirs()
	if b.Harness == openshift.Harness {
		// Its harness reads every package's tests, CRDs or not.
		dirs = openshift.PackageDirs(b.Model)
	}
	files, err := crtest.FindSuites(dirs, paths, b.Reads)
	if err != nil {
		return nil, err
	}
	if b.Harness == openshift.Harness {
		return b.runOpenShiftSuites(files, f)
	}
	out := &Outputs{}
	suites, diags, err := crtest.ReadSuites(files, b.Reads)
	b.Diags.Append(diags)
	if err != nil {
		return nil, err
	}
	runs, problems := crtest.Assign(b.setCRDs(), suites, b.KnownGates, config.Name)
	for _, p := range problems {
		b.Diags.Add(p.Diagnostic())
	}
	if b.Diags.HasErrors() {
		out.ExitCode = ExitUsage
		return out, nil
	}
	opts := f.runOptions(b.Request)
	var outcomes []*crtest.Outcome
	v := schemagen.NewValidator()
	for _, run := range runs {
		o, _ := crtest.Run(run.CRDs, run.Suites, v, opts)
		outcomes = append(outcomes, o...)
	}
	out.Stdout = []pipeline.File{pipeline.FileOf(crtest.Render(outcomes, f.Format.Value, b.Rel, b.Verbose))}
	for _, o := range outcomes {
		out.Failed = out.Failed || !o.Passed()
	}
	return out, nil
}

// runOpenShiftSuites runs suites as openshift's harness does.
func (b *Build) runOpenShiftSuites(files []string, f *TestFlags) (*Outputs, error) {
	if b.OpenShift == nil {
		return nil, errors.New("test.harness: openshift runs suites against openshift's manifests, and " + config.Name + " has no openshift section")
	}
	res, err := openshift.RunSuites(openshift.SuiteOptions{
		Files: files, FS: b.Reads, Builds: b.Results, Sets: b.Sets, KnownGates: b.KnownGates,
		Run: f.runOptions(b.Request), Format: f.Format.Value, Rel: b.Rel, Verbose: b.Verbose,
	})
	b.Diags.Append(res.Diags)
	if err != nil {
		return nil, err
	}
	return &Outputs{Stdout: []pipeline.File{pipeline.FileOf(res.Report)}, Failed: res.Failed}, nil
}

// Starter writes a starter suite for a kind (Kind, Kind.group or the
// CRD's name) beside the package of its storage version:
// tests/<crd name>/<kind>.yaml. It never replaces a file.
func Starter(b *Build, kind string) (*Outputs, error) {
	crd, gates, err := crtest.FindKind(kind, b.setCRDs(), b.KnownGates)
	if err != nil {
		return nil, fmt.Errorf("--init %s: %v", kind, err)
	}
	path, local := crtest.StarterPath(crd)
	if !local {
		return nil, fmt.Errorf("--init %s: the package of its storage version is not in the main module (a suite is written beside it)", kind)
	}
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s exists; crdgen test --init never replaces a suite (remove it first to start again)", b.Rel(path))
	}
	st, err := crtest.Starter(crd.Object, gates)
	if err != nil {
		return nil, fmt.Errorf("--init %s: %v", kind, err)
	}
	out := &Outputs{}
	out.Put(path, pipeline.FileOf(st.Text), output.NewOnly)
	out.Stdout = []pipeline.File{pipeline.FileOf([]byte(st.Summary(b.Rel(path)) + "\n"))}
	return out, nil
}

// setCRDs are the CRDs of every set (one with no set without feature
// sets), for crtest.
func (b *Build) setCRDs() []crtest.SetCRDs {
	var sets []crtest.SetCRDs
	for _, sr := range b.Results {
		sets = append(sets, crtest.SetCRDs{Set: sr.Set, CRDs: sr.Result.CRDs})
	}
	return sets
}
