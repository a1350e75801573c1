package main

// This file implements crdgen.yaml's openshift section in a run: what it
// reads, how the pipeline's options and the outputs change, and crdgen
// test under openshift's harness, each a call of internal/openshift.

import (
	"errors"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/openshift"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// readOpenShift reads the feature sets of crdgen.yaml's openshift section,
// if it has one: they replace featureSets.
func (r *runState) readOpenShift(cfg *config.Config) error {
	o := cfg.OpenShiftSettings()
	if o == nil {
		return nil
	}
	sets, gates, err := openshift.ReadFeatureGates(o, r.reads, r.a.rel)
	if err != nil {
		return err
	}
	r.openshift, r.sets, r.knownGates, r.keepObjects = o, sets, gates, true
	return nil
}

// readOverrides reads the hand-written overrides of the main module's API
// packages, for the pipeline.
func (r *runState) readOverrides() error {
	if r.openshift == nil {
		return nil
	}
	var err error
	r.osOverrides, err = openshift.ReadOverrides(r.mod, r.openshift.Overrides, r.reads, r.a.rel)
	return err
}

// openShiftOptions are the schema options of openshift's builds (nil
// without the openshift section).
func (r *runState) openShiftOptions() *schemagen.OpenShift {
	if r.openshift == nil {
		return nil
	}
	return &schemagen.OpenShift{Overrides: r.osOverrides}
}

// runOpenShiftSuites runs suites as openshift's harness does.
func (r *runState) runOpenShiftSuites(files []string, f *testFlags) (*outputs, error) {
	if r.openshift == nil {
		return nil, errors.New("test.harness: openshift runs suites against openshift's manifests, and " + config.Name + " has no openshift section")
	}
	res, err := openshift.RunSuites(openshift.SuiteOptions{
		Files: files, FS: r.reads, Builds: r.results, Sets: r.sets, KnownGates: r.knownGates,
		Run: f.runOptions(r), Format: f.format.Value, Rel: r.a.rel, Verbose: r.verbose,
	})
	r.diags.Append(res.Diags)
	if err != nil {
		return nil, err
	}
	return &outputs{stdout: []pipeline.File{pipeline.FileOf(res.Report)}, failed: res.Failed}, nil
}
