package main

// This file implements what the commands share about feature sets: where
// each set's CRDs go, and how a report of several sets reads.

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// build runs the pipeline: once, or once per feature set.
func (r *runState) build() error {
	if err := r.readOverrides(); err != nil {
		return err
	}
	views := schemagen.NewViews(r.mod)
	setOptions := func(set *featureset.Set) pipeline.Options {
		opts := r.setOptions(set)
		opts.Schema.Views = views
		return opts
	}
	results, diags, err := pipeline.RunSets(r.mod, r.diags, r.sets, setOptions, r.ph)
	r.results, r.diags = results, diags
	if err != nil {
		return err
	}
	for _, sr := range results {
		if sr.Result != nil {
			sr.Result.Cost.SetSources(r.a.rel)
		}
	}
	if len(r.sets) > 0 {
		// Every view the sets' builds read: with openshift's sets, those
		// of the builds they are composed of too.
		r.diags = append(r.diags, schemagen.CheckSets(r.mod, views.All(), r.knownGates)...).Sorted()
	}
	return nil
}

// setOptions are the pipeline's options for a set's build: the flags',
// and the builds the cache remembers for the set (not with a cost report
// or the objects kept, which need every CRD built).
func (r *runState) setOptions(set *featureset.Set) pipeline.Options {
	opts := r.pipelineOptions()
	if opts.CostReport || opts.KeepObjects {
		return opts
	}
	setName := ""
	if set != nil {
		setName = set.Name
	}
	if s := r.cache.Builds(r.a.dir, r.c.name, strings.Join(r.patterns, "\x00"), setName); s != nil {
		opts.Builds = s
		r.builds = append(r.builds, s)
	}
	return opts
}

// suiteDirs are where crdgen test looks for suites: the tests directory of
// every API version, and test.suites of crdgen.yaml.
func (r *runState) suiteDirs() []string {
	var out []string
	for _, d := range r.results.VersionDirs() {
		out = append(out, filepath.Join(d, "tests"))
	}
	return append(out, r.cfgSuites...)
}

// checkOutputDir refuses -o with feature sets: each set has its own.
func (r *runState) checkOutputDir() error {
	if len(r.sets) > 0 && r.fs.IsSet("output-dir") {
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
