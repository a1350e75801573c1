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
	"errors"
	"flag"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

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
	// diagFormat says --format is how diagnostics are printed (a command
	// that prints a report has its own --format).
	diagFormat bool
	// flags registers the command's own flags; cfg is crdgen.yaml (empty
	// when there is none), whose settings are the defaults.
	flags func(r *runState, fs *flagSet, cfg *config)
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
	// r.res (nil when the CRDs could not be built); it may add to r.diags.
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
	fs       *flagSet

	// The shared flags.
	unknownMarkers *choice
	tags           []string
	noCache        bool
	verbose        bool
	check          bool
	profile        profileFlags
	// crd are the flags that shape CRDs, for a command that builds them.
	crd crdFlags
	// costReport and keepObjects are pipeline options a command sets.
	costReport, keepObjects bool

	// sets are crdgen.yaml's feature sets (none: one build, as ever), and
	// knownGates the gates they and featureGates name.
	sets       []*featureset.Set
	knownGates []string

	ph  *pipeline.Phases
	mod *model.Model
	// res is the pipeline's result; with feature sets, results holds one
	// per set (and res is the first's). results always has one per set,
	// or one with no set.
	res     *pipeline.Result
	results []setResult
	diags   markers.ErrorList
	// builds remember each set's builds for the next run.
	builds []*buildStore
}

// outputs are what a command makes.
type outputs struct {
	// files are written (or compared, under --check), by absolute path.
	files map[string]pipeline.File
	// stale are where files that the run no longer makes are removed.
	stale []staleSet
	// guard refuses to replace the file at path, which holds old, with an
	// error that follows the path ("was not written by crdgen").
	guard func(path string, old []byte) error
	// stdout is printed: after the files are written, or before the
	// differences under --check.
	stdout []pipeline.File
	// stdoutOnErrors prints stdout even when there are errors (the cost
	// report is most useful then).
	stdoutOnErrors bool
	// inputs are files besides the packages the outputs depend on (the
	// previous CRDs of diff), and inputDirs directories whose listing they
	// depend on: the rerun cache checks them.
	inputs, inputDirs []string
	// failure, when set, ends the run with exit code 1 after the outputs,
	// printing it (failed does without a message).
	failure string
	failed  bool
	// exitCode, when set, ends the run with it, after the diagnostics and
	// before any output (a malformed test suite is a usage error).
	exitCode int
}

// staleSet is where crdgen removes the files it wrote that a run no longer
// makes: names in dir (nil: every .yaml file of dir) that own says are
// crdgen's.
type staleSet struct {
	dir   string
	names []string
	own   func(name string, data []byte) bool
}

// runCommand runs a package command.
func (a *app) runCommand(c *command, args []string) int {
	cfg, err := a.findConfig()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	r := &runState{a: a, c: c, args: args}
	fs := r.register(cfg)
	usage := r.usage()
	patterns, code, ok := a.parseCommand(fs, args, usage, cfg)
	if !ok {
		return code
	}
	r.patterns = patterns
	if c.check != nil {
		if err := c.check(r); err != nil {
			fmt.Fprintf(a.stderr, "crdgen %s: %v\n\n%s", c.name, err, usage)
			return exitUsage
		}
	}
	stop, err := r.profile.start()
	if err != nil {
		return a.fail(nil, err)
	}
	defer stop()
	return r.run()
}

// run runs the command once its flags are parsed.
func (r *runState) run() int {
	a := r.a
	r.ph = pipeline.NewPhases()
	if a.shared != nil {
		if err := r.useShared(a.shared); err != nil {
			return a.fail(nil, err)
		}
		return r.produce(nil)
	}
	listing, err := r.list()
	if err != nil {
		return a.fail(nil, err)
	}
	r.ph.Done("list")
	cache, err := r.openCache(listing)
	if err != nil {
		return a.fail(nil, err)
	}
	if rec, ok := cache.hit(); ok {
		a.printDiags(rec.Diags)
		fmt.Fprint(a.stdout, rec.Stdout)
		if r.verbose {
			r.ph.Done("check")
			fmt.Fprintf(a.stderr, "crdgen: nothing changed since the last run: %s\n", r.ph)
		}
		return exitOK
	}
	r.mod, r.diags, err = a.load(listing, r.unknownMarkers.value, r.knownGates, r.openSyntax())
	if err != nil || r.mod == nil {
		return a.fail(r.diags, err)
	}
	r.ph.Done("load")
	if r.c.builds {
		err = r.build()
		// The one place what the pipeline spooled is removed.
		defer func() {
			for _, sr := range r.results {
				sr.res.Close()
			}
		}()
		if err != nil {
			return a.fail(r.diags, err)
		}
	}
	return r.produce(cache)
}

// produce makes the command's outputs and finishes the run.
func (r *runState) produce(cache *rerunCache) int {
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
	return r.finish(out, cache)
}

// finish writes (or checks) the outputs, prints, and records the run.
func (r *runState) finish(out *outputs, cache *rerunCache) int {
	a := r.a
	dirs := out.dirs()
	if !r.check {
		cleanLeftovers(dirs)
	}
	p, err := a.outputChanges(out)
	if err != nil {
		return a.fail(r.diags, err)
	}
	p.leftovers = leftovers(dirs)
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
	if err := a.apply(p); err != nil {
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
	what := out.recorded()
	if cache != nil || len(r.builds) > 0 {
		what.sums = contentSums(out.files)
	}
	cache.record(what, r.diags, stdout)
	r.recordBuilds(what.sums)
	if r.verbose {
		a.printWritten(p, len(out.files))
		r.printReused()
		r.ph.Done("write")
		fmt.Fprintf(a.stderr, "crdgen: %s\n", r.ph)
	}
	return exitOK
}

// print prints files to standard output, in order.
func (r *runState) print(files []pipeline.File) error {
	for _, f := range files {
		data, err := f.Bytes()
		if err != nil {
			return err
		}
		if _, err := r.a.stdout.Write(data); err != nil {
			return err
		}
	}
	return nil
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

// dirs are the directories the outputs are written in.
func (o *outputs) dirs() []string {
	set := map[string]bool{}
	for path := range o.files {
		set[filepath.Dir(path)] = true
	}
	for _, s := range o.stale {
		set[s.dir] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// recorded are the files and directories the rerun cache checks.
func (o *outputs) recorded() cached {
	c := cached{files: slices.Sorted(maps.Keys(o.files)), dirs: o.inputDirs}
	for _, s := range o.stale {
		if s.names == nil {
			c.dirs = append(c.dirs, s.dir)
			continue
		}
		for _, n := range s.names {
			if path := filepath.Join(s.dir, n); !hasKey(o.files, path) {
				c.files = append(c.files, path)
			}
		}
	}
	c.files = append(c.files, o.inputs...)
	return c
}

// register registers the shared flags and the command's.
func (r *runState) register(cfg *config) *flagSet {
	if cfg == nil {
		cfg = &config{}
	}
	fs := newFlagSet(r.c.name)
	r.fs = fs
	r.c.flags(r, fs, cfg)
	r.sets = cfg.sets()
	r.knownGates = cfg.knownGates()
	if r.c.builds {
		r.crd.register(fs, cfg)
	}
	if r.c.diagFormat {
		format := &choice{value: "text", allowed: diagFormats()}
		r.a.format = format.value
		fs.Var(funcValue{format, func() { r.a.format = format.value }}, "format", "text|json|github", "how diagnostics are printed")
	}
	r.unknownMarkers = &choice{value: "error", allowed: []string{"error", "warn"}}
	if cfg.UnknownMarkers != "" {
		r.unknownMarkers.value = cfg.UnknownMarkers
	}
	fs.Var(r.unknownMarkers, "unknown-markers", "MODE", "error or warn: what an unknown or misplaced marker is")
	r.tags = cfg.BuildTags
	fs.Var(tagList{&r.tags}, "tags", "TAG[,TAG]", "build tags for the go command (added to those of GOFLAGS)")
	r.a.registerSuppress(fs, cfg)
	fs.BoolVar(&r.noCache, "no-cache", false, "use none of crdgen's caches: list, build and validate everything")
	fs.BoolVar(&r.verbose, "v", false, "print each file written and the time of each phase")
	r.profile.register(fs)
	return fs
}

// checkFlag registers --check, for a command that writes files.
func (r *runState) checkFlag(fs *flagSet) {
	fs.BoolVar(&r.check, "check", false, "write nothing; exit 1 and print a diff if any file would change, is missing, or should be removed")
}

// usage is the command's usage text.
func (r *runState) usage() string {
	text := r.c.about + "\nFlags:\n" + r.fs.flagLines()
	if r.c.after != "" {
		text += "\n" + r.c.after
	}
	return text + "\nSettings can also come from " + ConfigName + " in the module root; flags win.\n"
}

// openCache opens the rerun cache of the run (nil when it does not apply).
func (r *runState) openCache(listing *parser.Listing) (*rerunCache, error) {
	if r.noCache || r.check || r.c.uncached != nil && r.c.uncached(r) {
		return nil, nil
	}
	slot := []string{r.c.name, strings.Join(r.patterns, "\x00")}
	if r.c.slot != nil {
		more, err := r.c.slot(r)
		if err != nil {
			return nil, err
		}
		slot = append(slot, more...)
	}
	return r.a.openCache(slot, r.settings(), listing), nil
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
		if !slices.Contains(r.fs.order, f.Name) {
			return // an alias
		}
		out[f.Name] = f.Value.String()
	})
	if len(r.sets) > 0 || len(r.knownGates) > 0 {
		out["featureSets"] = setsKey(r.sets)
		out["featureGates"] = strings.Join(r.knownGates, ",")
	}
	return out
}

// parseCommand parses a command's flags and requires package patterns,
// from the command line or else crdgen.yaml (cfg may be nil). ok is false
// when the command should exit with code.
func (a *app) parseCommand(fs *flagSet, args []string, usage string, cfg *config) (patterns []string, code int, ok bool) {
	patterns, err := fs.parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(a.stdout, usage)
		return nil, exitOK, false
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen %s: %v\n\n%s", fs.Name(), err, usage)
		return nil, exitUsage, false
	}
	if len(patterns) == 0 && cfg != nil {
		patterns = cfg.patterns()
	}
	if len(patterns) == 0 {
		fmt.Fprintf(a.stderr, "crdgen %s: no packages given (on the command line or as packages in %s)\n\n%s", fs.Name(), ConfigName, usage)
		return nil, exitUsage, false
	}
	return patterns, exitOK, true
}

// list runs go list on the patterns and their dependencies (see
// parser.List): what the rerun cache fingerprints and the load reads.
func (a *app) list(patterns, tags []string) (*parser.Listing, error) {
	return parser.List(a.ctx, patterns, parser.Options{Dir: a.dir, BuildTags: tags})
}

// load loads the listed packages into the model. Marker problems leave the
// model usable (the bad markers are dropped), so that generation still runs
// and every problem is reported in one go.
// Dependencies' syntax comes from store when it holds it (nil: none).
func (a *app) load(listing *parser.Listing, unknownMarkers string, gates []string, store *syntaxStore) (*model.Model, markers.ErrorList, error) {
	sev := markers.Error
	if unknownMarkers == "warn" {
		sev = markers.Warning
	}
	opts := parser.Options{
		Dir:            a.dir,
		WellKnown:      schemagen.IsWellKnown,
		UnknownMarkers: sev,
		FeatureGates:   gates,
	}
	if store != nil {
		opts.Syntax = store
	}
	return parser.LoadListing(a.ctx, listing, opts)
}

// filesIn places files named by their base name in dir.
func filesIn(dir string, files map[string]pipeline.File) map[string]pipeline.File {
	out := make(map[string]pipeline.File, len(files))
	for name, f := range files {
		out[filepath.Join(dir, name)] = f
	}
	return out
}

func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}
