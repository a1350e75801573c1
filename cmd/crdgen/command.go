package main

// This file implements the skeleton every package command runs on:
//
//	config -> flags -> list -> cache -> load -> pipeline -> outputs -> write | check | stdout -> record
//
// A command (crd.go, generate.go, cost.go, diff.go, conversion.go) is a
// short spec over it: its own flags, and the outputs it makes of the
// loaded packages. The skeleton gives every command crdgen.yaml, the shared
// flags (the rerun cache, -v, the profiles), the all-or-nothing write and
// --check, and closes what the pipeline spooled, once.

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cache"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// command is one package command.
type command struct {
	name string
	// about is the usage text above the flags: the synopsis and what the
	// command does. The flags are listed from the flag set.
	about string
	// after is the usage text below the flags, if any.
	after string
	// builds says the command builds the CRDs: the pipeline runs, and the
	// flags that shape CRDs are the command's.
	builds bool
	// needsCRDs, for a command that builds, says whether this run needs
	// the CRDs (nil: every run does); a run that does not, builds none.
	needsCRDs func(r *runState) bool
	// diagFormat says --format is how diagnostics are printed (a command
	// that prints a report has its own --format).
	diagFormat bool
	// flags registers the command's own flags; cfg is crdgen.yaml (empty
	// when there is none), whose settings are the defaults.
	flags func(r *runState, fs *cli.FlagSet, cfg *config.Config)
	// check refuses flags that do not go together (a usage error), and may
	// set the run's options from them.
	check func(r *runState) error
	// uncached says the rerun cache cannot stand in for this run (besides
	// --no-cache and --check, which no command caches).
	uncached func(r *runState) bool
	// slot returns what, besides the command, the working directory, the
	// packages and the flags, makes this run's outputs (the revision diff
	// compares with).
	slot func(r *runState) ([]string, error)
	// produce makes the outputs from r.mod and, for a command that builds,
	// r.results (see SetResults.Built); it may add to r.diags.
	// nil outputs means there is nothing to make.
	produce func(r *runState) (*outputs, error)
	// phase names the time produce takes, for -v ("" counts it in the
	// write).
	phase string
}

// runState is one run of a command: its settings and what it has made.
type runState struct {
	a        *app
	c        *command
	args     []string
	patterns []string
	fs       *cli.FlagSet

	// The shared flags.
	unknownMarkers *cli.Choice
	tags           []string
	noCache        bool
	verbose        bool
	check          bool
	// allowOutside are the directories outside the project the run may
	// write in (--allow-outside).
	allowOutside cli.StringList
	// mainModules are the main modules' directories, from the listing.
	mainModules []string
	profile     cli.Profiles
	// crd are the flags that shape CRDs, for a command that builds them.
	crd crdFlags
	// costReport and keepObjects are pipeline options a command sets.
	costReport, keepObjects bool

	// sets are crdgen.yaml's feature sets (none: one build, as ever), and
	// knownGates the gates they and featureGates name.
	sets       []*featureset.Set
	knownGates []string
	// cfgSuites are crdgen.yaml's test.suites, resolved, and harness
	// test.harness.
	cfgSuites []string
	harness   string
	// openshift is crdgen.yaml's openshift section (nil: none), and
	// osOverrides the overrides it reads (openshift.go).
	openshift   *config.OpenShift
	osOverrides []schemagen.Override
	// generators are the generators the run asks for (nil: every one, for
	// a command that has no --generators): the load reports the problems
	// of the markers they read.
	generators []string
	// allFields loads what DeepCopy needs (parser.Options.AllFields), and
	// comments what the apply configurations need (Options.Comments).
	allFields, comments bool
	// cfg is crdgen.yaml (empty when there is none).
	cfg *config.Config

	ph  *pipeline.Phases
	mod *model.Model
	// results are the pipeline's, one per feature set, or one with no set.
	results pipeline.SetResults
	diags   markers.ErrorList
	// layout is where the outputs go and what generate makes, before the
	// command line (crdgen.yaml over the defaults, kubebuilder's in a
	// kubebuilder project).
	layout config.Layout
	// reads records what the run reads besides the packages (crdgen.yaml,
	// suites, the previous CRDs), for the rerun record.
	reads *cache.Inputs
	// cache is crdgen's cache directory for the run (nil: caching off);
	// builds remember each set's builds for the next run.
	cache  *cache.Dir
	builds []*cache.Builds
}

// outputs are what a command makes: the files, by absolute path, where
// files no longer made are removed and which existing files may be
// replaced (output.Set), and what it prints and how it ends.
type outputs struct {
	output.Set
	// stdout is printed: after the files are written, or before the
	// differences under --check.
	stdout []pipeline.File
	// stdoutOnErrors prints stdout even when there are errors (the cost
	// report is most useful then).
	stdoutOnErrors bool
	// failure, when set, ends the run with exit code 1 after the outputs,
	// printing it (failed does without a message).
	failure string
	failed  bool
	// exitCode, when set, ends the run with it, after the diagnostics and
	// before any output (a malformed test suite is a usage error).
	exitCode int
}

// runCommand runs a package command.
func (a *app) runCommand(c *command, args []string) int {
	r, code, ok := a.prepare(c, args)
	if !ok {
		return code
	}
	stop, err := r.profile.Start()
	if err != nil {
		return a.fail(nil, err)
	}
	defer stop()
	return r.run()
}

// prepare reads crdgen.yaml and the command line into a run; ok is false
// when the command should exit with code (a usage error, -h).
func (a *app) prepare(c *command, args []string) (r *runState, code int, ok bool) {
	reads := &cache.Inputs{}
	cfg, err := a.findConfig(reads)
	if list, ok := markers.AsErrorList(err); ok {
		a.printDiags(list)
		return nil, exitFail, false
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return nil, exitFail, false
	}
	if err == nil && cfg != nil {
		err = cfg.CheckGenerators(generators.Names())
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return nil, exitFail, false
	}
	project, err := config.FindProject(a.dir, reads)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return nil, exitFail, false
	}
	r = &runState{a: a, c: c, args: args, ph: pipeline.NewPhases(), reads: reads, layout: config.LayoutOf(cfg, project, reads)}
	fs := r.register(cfg)
	if err := r.readOpenShift(cfg); err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return nil, exitFail, false
	}
	usage := r.usage()
	patterns, code, ok := a.parseCommand(fs, args, usage, r.layout.Packages)
	if !ok {
		return nil, code, false
	}
	r.patterns = patterns
	if err := r.checkConfigOutputs(); err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return nil, exitFail, false
	}
	if c.check != nil {
		if err := c.check(r); err != nil {
			fmt.Fprintf(a.stderr, "crdgen %s: %v\n\n%s", c.name, err, usage)
			return nil, exitUsage, false
		}
	}
	return r, exitOK, true
}

// run runs the command once its flags are parsed.
func (r *runState) run() int {
	a := r.a
	r.cache = cache.Open(a.cacheDir, a.version, r.noCache || r.check)
	listing, err := r.cache.List(a.ctx, r.patterns, parser.Options{Dir: a.dir, BuildTags: r.tags})
	if err != nil {
		return a.fail(nil, err)
	}
	r.ph.Done("list")
	r.mainModules = listing.MainModules()
	rerun, err := r.openRerun(listing)
	if err != nil {
		return a.fail(nil, err)
	}
	// A record is no hit while a run that did not finish left files in
	// the directories it wrote: --check would fail on them, and a run
	// removes them.
	if rec, ok := rerun.Hit(); ok && len(output.Leftovers(rec.Clean)) == 0 {
		a.printDiags(rec.Diags)
		fmt.Fprint(a.stdout, rec.Stdout)
		if r.verbose {
			r.ph.Done("check")
			fmt.Fprintf(a.stderr, "crdgen: nothing changed since the last run: %s\n", r.ph)
		}
		return exitOK
	}
	r.mod, r.diags, err = r.load(listing, r.cache.Syntax())
	if err != nil || r.mod == nil {
		return a.fail(r.diags, err)
	}
	r.ph.Done("load")
	if r.c.builds && (r.c.needsCRDs == nil || r.c.needsCRDs(r)) {
		err = r.build()
		// The one place what the pipeline spooled is removed.
		defer func() { r.results.Close() }()
		if err != nil {
			return a.fail(r.diags, err)
		}
	}
	return r.produce(rerun)
}

// produce makes the command's outputs and finishes the run.
func (r *runState) produce(rerun *cache.Rerun) int {
	a := r.a
	out, err := r.c.produce(r)
	r.diags = slices.DeleteFunc(r.diags, r.mod.Consequence)
	if err != nil || out == nil {
		return a.fail(r.diags, err)
	}
	if r.c.phase != "" {
		r.ph.Done(r.c.phase)
	}
	if out.exitCode != 0 {
		a.printDiags(r.diags)
		return out.exitCode
	}
	if r.diags.HasErrors() {
		a.printDiags(r.diags)
		if out.stdoutOnErrors {
			r.print(out.stdout)
		}
		return exitFail
	}
	return r.finish(out, rerun)
}

// finish writes (or checks) the outputs, prints, and records the run.
func (r *runState) finish(out *outputs, rerun *cache.Rerun) int {
	a := r.a
	dirs := out.Dirs()
	if !r.check {
		output.CleanLeftovers(dirs)
	}
	p, err := output.PlanOf(&out.Set, r.bounds(), a.rel)
	if err != nil {
		return a.fail(r.diags, err)
	}
	p.Leftovers = output.Leftovers(dirs)
	if r.check {
		if err := r.print(out.stdout); err != nil {
			return a.fail(r.diags, err)
		}
		if a.checkDrift(r.diags, p, a.fixCommand(r.c.name, r.args)) || out.failed {
			return exitFail
		}
		return exitOK
	}
	a.printDiags(r.diags)
	// An interrupt while the files are written is taken by Apply, which
	// puts back what it changed, rather than killing the run half-way.
	ctx, stop := signal.NotifyContext(a.ctx, os.Interrupt, syscall.SIGTERM)
	err = a.writer.Apply(ctx, p)
	stop()
	if err != nil {
		return a.fail(nil, err)
	}
	stdout, err := r.stdoutBytes(out.stdout)
	if err == nil {
		_, err = a.stdout.Write(stdout)
	}
	if err != nil {
		return a.fail(nil, err)
	}
	if out.failure != "" {
		fmt.Fprintf(a.stderr, "crdgen %s: %s\n", r.c.name, out.failure)
	}
	if out.failed || out.failure != "" {
		return exitFail
	}
	what := cache.Watched{Read: r.reads.Recorded()}
	what.Files, what.Dirs = out.Watched()
	what.Clean = dirs
	if rerun != nil || len(r.builds) > 0 {
		what.Sums = out.Sums()
	}
	rerun.Record(what, r.diags, stdout)
	r.recordBuilds(what.Sums)
	if r.verbose {
		a.printWritten(p, len(out.Files))
		r.printReused()
		r.ph.Done("write")
		fmt.Fprintf(a.stderr, "crdgen: %s\n", r.ph)
	}
	return exitOK
}

// bounds are where the run may write: the project (the kubebuilder
// project, crdgen.yaml's directory, the main modules, the working
// directory), the directories --allow-outside names, and an output the
// command line names outside the project (-o /elsewhere says so in so
// many words; a path inside the project that a link takes outside does
// not).
func (r *runState) bounds() output.Bounds {
	project := []string{}
	for _, d := range append([]string{r.layout.Kubebuilder, r.cfg.Dir()}, r.mainModules...) {
		if d != "" {
			project = append(project, d)
		}
	}
	project = append(project, r.a.dir)
	inside := output.NewBounds(project, nil)
	var outside []string
	for _, d := range r.allowOutside {
		outside = append(outside, r.a.abs(d))
	}
	for _, name := range []string{"output-dir", "rbac-dir", "webhook-dir", "cost-report"} {
		if f := r.fs.Lookup(name); f != nil && r.fs.IsSet(name) && f.Value.String() != "-" {
			if d := r.a.abs(f.Value.String()); !inside.Inside(d) {
				outside = append(outside, d)
			}
		}
	}
	return output.NewBounds(project, outside)
}

// checkConfigOutputs refuses, at its line, a place crdgen.yaml sends an
// output to outside the project (its module, its directory) and the
// directories --allow-outside names, for a command that writes.
func (r *runState) checkConfigOutputs() error {
	if r.fs.Lookup("allow-outside") == nil || r.cfg.Dir() == "" {
		return nil
	}
	var allowed []string
	for _, d := range r.allowOutside {
		allowed = append(allowed, r.a.abs(d))
	}
	project := slices.DeleteFunc([]string{r.cfg.Module(), r.cfg.Dir(), r.layout.Kubebuilder}, func(d string) bool { return d == "" })
	b := output.NewBounds(project, allowed)
	for _, o := range r.cfg.Outputs() {
		if !b.Inside(o.Path) {
			return o.Refuse(r.cfg)
		}
	}
	return nil
}

// print prints files to standard output, in order.
func (r *runState) print(files []pipeline.File) error {
	data, err := r.stdoutBytes(files)
	if err == nil {
		_, err = r.a.stdout.Write(data)
	}
	return err
}

// stdoutBytes is what a run prints on standard output, which the rerun
// cache keeps to print again.
func (r *runState) stdoutBytes(files []pipeline.File) ([]byte, error) {
	var out []byte
	for _, f := range files {
		data, err := f.Bytes()
		if err != nil {
			return nil, err
		}
		out = append(out, data...)
	}
	return out, nil
}

// openRerun opens the rerun record of the run (nil when it does not
// apply). A listing that cannot be fingerprinted has none.
func (r *runState) openRerun(listing *parser.Listing) (*cache.Rerun, error) {
	if r.cache == nil || r.c.uncached != nil && r.c.uncached(r) {
		return nil, nil
	}
	slot := []string{r.a.dir, r.c.name, strings.Join(r.patterns, "\x00")}
	if r.c.slot != nil {
		more, err := r.c.slot(r)
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
	return r.cache.Rerun(slot, fp, string(settings)), nil
}

// settings are the values of every flag that may change the outputs (all
// but those that change what is printed or how the run goes), for the
// rerun cache's key.
func (r *runState) settings() map[string]string {
	out := map[string]string{}
	r.fs.VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "v", "no-cache", "cpuprofile", "memprofile", "suppress", "check":
			return
		}
		if !r.fs.Registered(f.Name) {
			return // an alias
		}
		out[f.Name] = f.Value.String()
	})
	if len(r.sets) > 0 || len(r.knownGates) > 0 {
		out["featureSets"] = config.SetsKey(r.sets)
		out["featureGates"] = strings.Join(r.knownGates, ",")
	}
	return out
}

// load loads the listed packages into the model. Marker problems leave the
// model usable (the bad markers are dropped), so that generation still runs
// and every problem is reported in one go.
// Dependencies' syntax comes from store when it holds it (nil: none).
func (r *runState) load(listing *parser.Listing, store *cache.Syntax) (*model.Model, markers.ErrorList, error) {
	sev := markers.Error
	if r.unknownMarkers.Value == "warn" {
		sev = markers.Warning
	}
	opts := parser.Options{
		Dir:            r.a.dir,
		WellKnown:      schemagen.IsWellKnown,
		UnknownMarkers: sev,
		FeatureGates:   r.knownGates,
		FeatureSets:    len(r.sets) > 0,
		AllFields:      r.allFields,
		Comments:       r.comments,
		// openshift/api's CRDs are its +kubebuilder:object:root types.
		ObjectRootKinds: r.openshift != nil,
		Generators:      r.generators,
	}
	if store != nil {
		opts.Syntax = store
	}
	return parser.LoadListing(r.a.ctx, listing, opts)
}
