package app

// This file implements the stages every package command runs through:
//
//	Prepare: crdgen.yaml, flags -> Request
//	Request.Load: list, rerun record, load -> Load
//	Load.Build: the pipeline, per feature set -> Build
//	Build.Finish: the command's outputs -> write | --check | stdout, record -> Result

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cache"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Prepare reads crdgen.yaml and the command line into a request. A
// non-nil Result says the command ends there (a usage error, -h, a
// crdgen.yaml that does not read).
func Prepare(env *Env, c *Command, args []string) (*Request, *Result) {
	reads := &cache.Inputs{}
	cfg, err := env.FindConfig(reads)
	if list, ok := markers.AsErrorList(err); ok {
		return nil, &Result{Code: ExitFail, Diags: list, Format: "text"}
	}
	if err == nil && cfg != nil {
		err = cfg.CheckGenerators(generators.Names())
	}
	if err != nil {
		return nil, failed(nil, err)
	}
	project, err := config.FindProject(env.Dir, reads)
	if err != nil {
		return nil, failed(nil, err)
	}
	r, err := NewRequest(env, c, cfg, config.LayoutOf(cfg, project, reads), reads)
	if err != nil {
		return nil, failed(nil, err)
	}
	r.Args = args
	usage := r.Usage()
	var patterns []string
	var res *Result
	if c.Paths {
		patterns, res = r.parsePaths(args, usage)
	} else {
		defaults := r.Layout.Packages
		if len(defaults) == 0 {
			defaults = c.DefaultPackages
		}
		patterns, res = parseCommand(r.FS, args, usage, defaults)
	}
	if res != nil {
		return nil, res
	}
	r.Patterns = patterns
	if err := r.checkConfigOutputs(); err != nil {
		return nil, failed(nil, err)
	}
	if c.Check != nil {
		if err := c.Check(r); err != nil {
			return nil, &Result{Code: ExitUsage, Stderr: fmt.Sprintf("crdgen %s: %v\n\n%s", c.Name, err, usage)}
		}
	}
	return r, nil
}

// NewRequest is a request of the command with crdgen.yaml (nil: none) and
// the layout, its flags registered and not yet parsed.
func NewRequest(env *Env, c *Command, cfg *config.Config, layout config.Layout, reads *cache.Inputs) (*Request, error) {
	r := &Request{Env: env, Cmd: c, Phases: pipeline.NewPhases(), Reads: reads, Layout: layout}
	r.register(cfg)
	return r, r.readOpenShift(r.Cfg)
}

// parseCommand parses a command's flags and requires package patterns,
// from the command line (where controller-gen's lists are read as
// cli.Patterns reads them) or else the defaults (the layout's: crdgen.yaml's
// packages, or a kubebuilder project's ./...). A non-nil Result ends the
// command.
func parseCommand(fs *cli.FlagSet, args []string, usage string, defaults []string) ([]string, *Result) {
	patterns, err := fs.ParseArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		return nil, &Result{Code: ExitOK, Stdout: []byte(usage)}
	}
	if err == nil {
		patterns, err = cli.Patterns(patterns)
	}
	if err != nil {
		return nil, &Result{Code: ExitUsage, Stderr: fmt.Sprintf("crdgen %s: %v\n\n%s", fs.Name(), err, usage)}
	}
	if len(patterns) == 0 {
		patterns = defaults
	}
	if len(patterns) == 0 {
		return nil, &Result{Code: ExitUsage, Stderr: fmt.Sprintf("crdgen %s: no packages given (on the command line or as packages in %s)\n\n%s", fs.Name(), config.Name, usage)}
	}
	return patterns, nil
}

// parsePaths parses the flags of a command whose arguments are paths
// (Command.Paths); its packages are --packages, or the layout's defaults,
// or none.
func (r *Request) parsePaths(args []string, usage string) ([]string, *Result) {
	paths, err := r.FS.ParseArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		return nil, &Result{Code: ExitOK, Stdout: []byte(usage)}
	}
	var patterns []string
	if err == nil {
		patterns, err = cli.Patterns(r.Packages)
	}
	if err != nil {
		return nil, &Result{Code: ExitUsage, Stderr: fmt.Sprintf("crdgen %s: %v\n\n%s", r.FS.Name(), err, usage)}
	}
	r.Paths = paths
	if len(patterns) == 0 {
		patterns = r.Layout.Packages
	}
	return patterns, nil
}

// PackagesFlag registers --packages, for a command whose arguments are
// paths.
func (r *Request) PackagesFlag(fs *cli.FlagSet, usage string) {
	fs.Var(&r.Packages, "packages", "PATTERN", usage)
}

// failed is the result of a run that writes nothing: its diagnostics and
// error.
func failed(diags markers.ErrorList, err error) *Result {
	return &Result{Code: ExitFail, Diags: diags, Err: err, Format: "text"}
}

// fail is failed in the request's format.
func (r *Request) fail(diags markers.ErrorList, err error) *Result {
	res := failed(diags, err)
	res.Format, res.Suppress = r.Format, r.Suppress.Codes
	return res
}

// result is a result in the request's format.
func (r *Request) result(code int, diags markers.ErrorList) *Result {
	return &Result{Code: code, Diags: diags, Format: r.Format, Suppress: r.Suppress.Codes}
}

// Run takes a request through the stages.
func Run(r *Request) *Result {
	l, res := r.Load()
	if res != nil {
		return res
	}
	b, res := l.Build()
	// The one place what the pipeline spooled is removed.
	defer func() { b.Results.Close() }()
	if res != nil {
		return res
	}
	return b.Finish()
}

// Load lists the request's packages, opens the rerun record and loads the
// packages into the model. Marker problems leave the model usable (the bad
// markers are dropped), so that generation still runs and every problem is
// reported in one go. A non-nil Result ends the run: the record stood in
// for it, or the load failed.
func (r *Request) Load() (*Load, *Result) {
	l := &Load{Request: r, Cache: cache.Open(r.CacheDir, r.Version, r.NoCache || r.Check || len(r.Overlay) > 0)}
	if len(r.Patterns) == 0 {
		// A command of paths with no packages: nothing to load.
		l.Model = &model.Model{}
		return l, nil
	}
	listing, err := l.Cache.List(r.Ctx, r.Patterns, parser.Options{Dir: r.Dir, BuildTags: r.Tags, Overlay: r.Overlay})
	if err != nil {
		return nil, r.fail(nil, err)
	}
	r.Phases.Done("list")
	l.MainModules = listing.MainModules()
	l.rerun, err = l.openRerun(listing)
	if err != nil {
		return nil, r.fail(nil, err)
	}
	// A record is no hit while a run that did not finish left files in
	// the directories it wrote: --check would fail on them, and a run
	// removes them.
	if rec, ok := l.rerun.Hit(); ok && len(output.Leftovers(rec.Clean)) == 0 {
		res := r.result(ExitOK, rec.Diags)
		res.Stdout = []byte(rec.Stdout)
		if r.Verbose {
			r.Phases.Done("check")
			res.Stderr = fmt.Sprintf("crdgen: nothing changed since the last run: %s\n", r.Phases)
		}
		return nil, res
	}
	l.Model, l.Diags, err = LoadListing(r, listing, l.Cache.Syntax())
	if err != nil || l.Model == nil {
		return nil, r.fail(l.Diags, err)
	}
	r.Phases.Done("load")
	return l, nil
}

// LoadListing loads the listed packages of a request into the model.
// Dependencies' syntax comes from store when it holds it (nil: none).
func LoadListing(r *Request, listing *parser.Listing, store *cache.Syntax) (*model.Model, markers.ErrorList, error) {
	sev := markers.Error
	if r.UnknownMarkers.Value == "warn" {
		sev = markers.Warning
	}
	opts := parser.Options{
		Dir:            r.Dir,
		WellKnown:      schemagen.IsWellKnown,
		UnknownMarkers: sev,
		FeatureGates:   r.KnownGates,
		FeatureSets:    len(r.Sets) > 0,
		AllFields:      r.AllFields,
		Comments:       r.Comments,
		// openshift/api's CRDs are its +kubebuilder:object:root types.
		ObjectRootKinds: r.OpenShift != nil,
		Generators:      r.Generators,
	}
	if store != nil {
		opts.Syntax = store
	}
	return parser.LoadListing(r.Ctx, listing, opts)
}

// Build builds the CRDs when the command builds them and the run needs
// them. The Build is never nil: its Results are closed whatever the
// Result.
func (l *Load) Build() (*Build, *Result) {
	b := &Build{Load: l}
	c := l.Cmd
	if !c.Builds || len(l.Patterns) == 0 || c.NeedsCRDs != nil && !c.NeedsCRDs(l.Request) {
		return b, nil
	}
	if err := b.build(); err != nil {
		return b, l.fail(l.Diags, err)
	}
	return b, nil
}

// Finish makes the command's outputs of the build, then writes them (or
// checks them, under --check), prints and records the run.
func (b *Build) Finish() *Result {
	r := b.Request
	out, err := r.Cmd.Produce(b)
	b.Diags = slices.DeleteFunc(b.Diags, b.Model.Consequence)
	if err != nil || out == nil {
		return r.fail(b.Diags, err)
	}
	if r.Cmd.Phase != "" {
		r.Phases.Done(r.Cmd.Phase)
	}
	if out.ExitCode != 0 {
		return r.result(out.ExitCode, b.Diags)
	}
	if b.Diags.HasErrors() {
		res := r.result(ExitFail, b.Diags)
		if out.StdoutOnErrors {
			if res.Stdout, err = stdoutBytes(out.Stdout); err != nil {
				res.Err = err
			}
		}
		return res
	}
	return b.finish(out)
}

// finish writes (or checks) the outputs, and records the run.
func (b *Build) finish(out *Outputs) *Result {
	r := b.Request
	dirs := out.Dirs()
	if !r.Check {
		output.CleanLeftovers(dirs)
	}
	p, err := output.PlanOf(&out.Set, b.bounds(), r.Rel)
	if err != nil {
		return r.fail(b.Diags, err)
	}
	p.Leftovers = output.Leftovers(dirs)
	stdout, err := stdoutBytes(out.Stdout)
	if err != nil {
		return r.fail(b.Diags, err)
	}
	if r.Check {
		d := output.DriftOf(p, FixCommand(r.Dir, r.Cmd.Name, r.Args))
		res := r.result(ExitOK, append(slices.Clip(b.Diags), d.Diags...))
		res.Before = stdout
		var diffs bytes.Buffer
		d.WriteDiffs(&diffs, r.Rel)
		res.Stdout = diffs.Bytes()
		if d.Found() || out.Failed {
			res.Code = ExitFail
		}
		return res
	}
	res := r.result(ExitOK, b.Diags)
	// An interrupt while the files are written is taken by Apply, which
	// puts back what it changed, rather than killing the run half-way.
	ctx, stop := signal.NotifyContext(r.Ctx, os.Interrupt, syscall.SIGTERM)
	err = r.Writer.Apply(ctx, p)
	stop()
	if err != nil {
		res.Code, res.Err = ExitFail, err
		return res
	}
	res.Stdout = stdout
	res.Stderr = out.Stderr
	if out.Failure != "" {
		res.Stderr += fmt.Sprintf("crdgen %s: %s\n", r.Cmd.Name, out.Failure)
	}
	if out.Failed || out.Failure != "" {
		res.Code = ExitFail
		return res
	}
	what := cache.Watched{Read: r.Reads.Recorded()}
	what.Files, what.Dirs = out.Watched()
	what.Clean = dirs
	if b.rerun != nil || len(b.builds) > 0 {
		what.Sums = out.Sums()
	}
	b.rerun.Record(what, b.Diags, stdout)
	b.recordBuilds(what.Sums)
	if r.Verbose {
		var v strings.Builder
		writeWritten(&v, p, len(out.Files), r.Rel)
		if built, reused := b.Results.Reused(); reused > 0 {
			fmt.Fprintf(&v, "%d of %d CRDs as the last run built them (their types did not change)\n", reused, built)
		}
		r.Phases.Done("write")
		fmt.Fprintf(&v, "crdgen: %s\n", r.Phases)
		res.Stderr = v.String()
	}
	return res
}

// bounds are where the run may write: the project (the kubebuilder
// project, crdgen.yaml's directory, the main modules, the working
// directory), the directories --allow-outside names, and an output the
// command line names outside the project (-o /elsewhere says so in so
// many words; a path inside the project that a link takes outside does
// not).
func (l *Load) bounds() output.Bounds {
	r := l.Request
	project := []string{}
	for _, d := range append([]string{r.Layout.Kubebuilder, r.Cfg.Dir()}, l.MainModules...) {
		if d != "" {
			project = append(project, d)
		}
	}
	project = append(project, r.Dir)
	inside := output.NewBounds(project, nil)
	var outside []string
	for _, d := range r.AllowOutside {
		outside = append(outside, r.Abs(d))
	}
	for _, name := range []string{"output-dir", "rbac-dir", "webhook-dir", "cost-report"} {
		if f := r.FS.Lookup(name); f != nil && r.FS.IsSet(name) && f.Value.String() != "-" {
			if d := r.Abs(f.Value.String()); !inside.Inside(d) {
				outside = append(outside, d)
			}
		}
	}
	return output.NewBounds(project, outside)
}

// checkConfigOutputs refuses, at its line, a place crdgen.yaml sends an
// output to outside the project (its module, its directory) and the
// directories --allow-outside names, for a command that writes.
func (r *Request) checkConfigOutputs() error {
	if r.FS.Lookup("allow-outside") == nil || r.Cfg.Dir() == "" {
		return nil
	}
	var allowed []string
	for _, d := range r.AllowOutside {
		allowed = append(allowed, r.Abs(d))
	}
	project := slices.DeleteFunc([]string{r.Cfg.Module(), r.Cfg.Dir(), r.Layout.Kubebuilder}, func(d string) bool { return d == "" })
	b := output.NewBounds(project, allowed)
	for _, o := range r.Cfg.Outputs() {
		if !b.Inside(o.Path) {
			return o.Refuse(r.Cfg)
		}
	}
	return nil
}

// openRerun opens the rerun record of the run (nil when it does not
// apply). A listing that cannot be fingerprinted has none.
func (l *Load) openRerun(listing *parser.Listing) (*cache.Rerun, error) {
	r := l.Request
	if l.Cache == nil || r.Cmd.Uncached != nil && r.Cmd.Uncached(r) {
		return nil, nil
	}
	slot := []string{r.Dir, r.Cmd.Name, strings.Join(r.Patterns, "\x00")}
	if r.Cmd.Slot != nil {
		more, err := r.Cmd.Slot(r)
		if err != nil {
			return nil, err
		}
		slot = append(slot, more...)
	}
	fp, err := listing.Fingerprint()
	if err != nil {
		return nil, nil
	}
	settings, err := json.Marshal(r.settings())
	if err != nil {
		return nil, nil
	}
	return l.Cache.Rerun(slot, fp, string(settings)), nil
}

// settings are the values of every flag that may change the outputs (all
// but those that change what is printed or how the run goes), for the
// rerun cache's key.
func (r *Request) settings() map[string]string {
	out := map[string]string{}
	r.FS.VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "v", "no-cache", "cpuprofile", "memprofile", "suppress", "check":
			return
		}
		if !r.FS.Registered(f.Name) {
			return // an alias
		}
		out[f.Name] = f.Value.String()
	})
	if len(r.Sets) > 0 || len(r.KnownGates) > 0 {
		out["featureSets"] = config.SetsKey(r.Sets)
		out["featureGates"] = strings.Join(r.KnownGates, ",")
	}
	return out
}
