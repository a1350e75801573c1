package app

// This file implements the build stage: the pipeline, once or once per
// feature set, with crdgen.yaml's openshift section and the builds the
// cache remembers; and what a build gives the generators.

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/openshift"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// build runs the pipeline: once, or once per feature set.
func (b *Build) build() error {
	if err := b.readOverrides(); err != nil {
		return err
	}
	views := schemagen.NewViews(b.Model)
	setOptions := func(set *featureset.Set) pipeline.Options {
		opts := b.setOptions(set)
		opts.Schema.Views = views
		return opts
	}
	results, diags, err := pipeline.RunSets(b.Model, b.Diags, b.Sets, setOptions, b.Phases)
	b.Results, b.Diags = results, diags
	if err != nil {
		return err
	}
	for _, sr := range results {
		if sr.Result != nil {
			sr.Result.Cost.SetSources(b.Rel)
		}
	}
	if len(b.Sets) > 0 {
		// Every view the sets' builds read: with openshift's sets, those
		// of the builds they are composed of too.
		b.Diags = append(b.Diags, schemagen.CheckSets(b.Model, views.All(), b.KnownGates)...).Sorted()
	}
	return nil
}

// BuildWith is a build of a load made elsewhere (the golden tests share
// one between the commands of a case).
func BuildWith(l *Load, results pipeline.SetResults) *Build {
	return &Build{Load: l, Results: results}
}

// BuildNow runs the pipeline for a load, whether or not its command builds.
func BuildNow(l *Load) (*Build, error) {
	b := &Build{Load: l}
	return b, b.build()
}

// setOptions are the pipeline's options for a set's build: the flags',
// and the builds the cache remembers for the set (not with a cost report
// or the objects kept, which need every CRD built).
func (b *Build) setOptions(set *featureset.Set) pipeline.Options {
	opts := b.pipelineOptions()
	if opts.CostReport || opts.KeepObjects {
		return opts
	}
	setName := ""
	if set != nil {
		setName = set.Name
	}
	if s := b.Cache.Builds(b.Dir, b.Cmd.Name, strings.Join(b.Patterns, "\x00"), setName); s != nil {
		opts.Builds = s
		b.builds = append(b.builds, s)
	}
	return opts
}

// recordBuilds records the builds of every set of a run that wrote files;
// written are the SHA-256 of the files it wrote, by path.
func (b *Build) recordBuilds(written map[string]string) {
	if len(written) == 0 {
		// Printed, not written (-o -): the record of the last run that
		// wrote files stays.
		return
	}
	for _, s := range b.builds {
		s.Record(written)
	}
}

// suiteDirs are where crdgen test looks for suites: the tests directory of
// every API version, and test.suites of crdgen.yaml.
func (b *Build) suiteDirs() []string {
	var out []string
	for _, d := range b.Results.VersionDirs() {
		out = append(out, filepath.Join(d, "tests"))
	}
	return append(out, b.CfgSuites...)
}

// CheckOutputDir refuses -o with feature sets: each set has its own.
func (r *Request) CheckOutputDir() error {
	if len(r.Sets) > 0 && r.FS.IsSet("output-dir") {
		return errors.New("-o does not go with featureSets in " + config.Name + ": each feature set has its own outputDir")
	}
	return nil
}

// perSet is a path for one set: name.ext becomes name.<set>.ext.
func perSet(path, set string) string {
	if set == "" {
		return path
	}
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "." + set + ext
}

// readOpenShift reads the feature sets of crdgen.yaml's openshift section,
// if it has one: they replace featureSets.
func (r *Request) readOpenShift(cfg *config.Config) error {
	o := cfg.OpenShiftSettings()
	if o == nil {
		return nil
	}
	sets, gates, err := openshift.ReadFeatureGates(o, r.Reads, r.Rel)
	if err != nil {
		return err
	}
	r.OpenShift, r.Sets, r.KnownGates, r.KeepObjects = o, sets, gates, true
	return nil
}

// readOverrides reads the hand-written overrides of the main module's API
// packages, for the pipeline.
func (b *Build) readOverrides() error {
	if b.OpenShift == nil {
		return nil
	}
	var err error
	b.osOverrides, err = openshift.ReadOverrides(b.Model, b.OpenShift.Overrides, b.Reads, b.Rel)
	return err
}

// openShiftOptions are the schema options of openshift's builds (nil
// without the openshift section).
func (b *Build) openShiftOptions() *schemagen.OpenShift {
	if b.OpenShift == nil {
		return nil
	}
	return &schemagen.OpenShift{Overrides: b.osOverrides}
}

// GeneratorInput is the input of the generators: the model, the CRDs the
// pipeline built, and where outputs go.
func (b *Build) GeneratorInput() *generators.Input {
	return &generators.Input{
		Model: b.Model, Results: b.Results, FS: b.Reads, Config: b.Cfg, Layout: b.Layout,
		Sets: b.Sets, OpenShift: b.OpenShift, SuiteDirs: b.suiteDirs(),
		Abs: b.Abs, Rel: b.Rel, Inside: b.bounds().Inside,
		Asked: func(string) bool { return false },
	}
}
