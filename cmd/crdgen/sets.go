package main

// This file implements what the commands share about feature sets: where
// each set's CRDs go, and how a report of several sets reads.

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/internal/config"

	"github.com/crdgen/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// setResult is the CRDs of one feature set (set nil: no feature sets).
type setResult struct {
	set *featureset.Set
	res *pipeline.Result
}

// build runs the pipeline: once, or once per feature set.
func (r *runState) build() error {
	sets := r.sets
	if len(sets) == 0 {
		sets = []*featureset.Set{nil}
	}
	var diags markers.ErrorList
	if err := r.readOverrides(); err != nil {
		return err
	}
	for i, set := range sets {
		opts := r.pipelineOptions()
		opts.Schema.Set = set
		if !opts.CostReport && !opts.KeepObjects {
			setName := ""
			if set != nil {
				setName = set.Name
			}
			if s := r.cache.Builds(r.a.dir, r.c.name, strings.Join(r.patterns, "\x00"), setName); s != nil {
				opts.Builds = s
				r.builds = append(r.builds, s)
			}
		}
		// Each run gets the load's diagnostics: the pipeline judges what
		// the load reported (a failed node, a consequence) by them.
		res, d, err := pipeline.Run(r.mod, slices.Clone(r.diags), opts, r.ph)
		diags = append(diags, d...)
		if err != nil {
			r.diags = diags.Sorted()
			return err
		}
		if res != nil {
			res.Cost.SetSources(r.a.rel)
		}
		r.results = append(r.results, setResult{set: set, res: res})
		if i == 0 {
			r.res = res
		}
	}
	if len(r.sets) > 0 {
		checked := r.sets
		if r.openshift != nil {
			// openshift's sets are composed of builds with one gate on
			// each, and one with none ("" gates, !*), which holds there.
			checked = append(slices.Clone(r.sets), &featureset.Set{Name: "no gate"})
		}
		diags = append(diags, schemagen.CheckSets(r.mod, checked, r.knownGates)...)
	}
	r.diags = diags.Sorted()
	return nil
}

// built reports whether every set's CRDs could be built.
func (r *runState) built() bool {
	if len(r.results) == 0 {
		return false
	}
	for _, sr := range r.results {
		if sr.res == nil {
			return false
		}
	}
	return true
}

// dir is where a result's CRDs go: its set's outputDir, or dir.
func (sr setResult) dir(a *app, dir string) string {
	if sr.set != nil {
		return sr.set.OutputDir
	}
	return a.abs(dir)
}

// name names a result's set in reports ("" without sets).
func (sr setResult) name() string {
	if sr.set == nil {
		return ""
	}
	return sr.set.Name
}

// crdOutputs are the CRD files of every set, in its directory (dir
// without sets), and where crdgen removes those no set makes any more. A
// directory where crdgen test reads suites is refused: the next run would
// read the CRDs as suites.
func (r *runState) crdOutputs(dir string) (*outputs, error) {
	if r.openshift != nil {
		return r.openShiftOutputs()
	}
	out := newOutputs()
	suites := r.suiteDirs()
	for _, sr := range r.results {
		d := sr.dir(r.a, dir)
		for _, s := range suites {
			if within(d, s) {
				return nil, fmt.Errorf("the CRDs would go to %s, inside %s, where crdgen test reads suites: choose another output directory", r.a.rel(d), r.a.rel(s))
			}
		}
		addIn(out.Files, d, sr.res.Files)
		out.Stale = append(out.Stale, output.Stale{Dir: d, Own: output.OwnedCRDs(schemagen.VersionAnnotation, sr.res.Groups)})
	}
	return out, nil
}

// suiteDirs are where crdgen test looks for suites: the tests directory of
// every API version, and test.suites of crdgen.yaml.
func (r *runState) suiteDirs() []string {
	var out []string
	for _, d := range versionDirs(r.results) {
		out = append(out, filepath.Join(d, "tests"))
	}
	return append(out, r.cfgSuites...)
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// checkOutputDir refuses -o with feature sets: each set has its own.
func (r *runState) checkOutputDir() error {
	if len(r.sets) > 0 && r.fs.IsSet("output-dir") {
		return errors.New("-o does not go with featureSets in " + config.Name + ": each feature set has its own outputDir")
	}
	return nil
}

// costReports renders the cost report of every set (celcost.RenderSets).
func (r *runState) costReports(format string) ([]byte, error) {
	if len(r.sets) == 0 {
		return celcost.Render(r.res.Cost, format)
	}
	var sets []celcost.SetReport
	for _, sr := range r.results {
		sets = append(sets, celcost.SetReport{Set: sr.name(), Report: sr.res.Cost})
	}
	return celcost.RenderSets(sets, format)
}

// maxCostPercent is the largest share of its budget any rule of any set
// uses.
func (r *runState) maxCostPercent() float64 {
	most := 0.0
	for _, sr := range r.results {
		most = max(most, sr.res.Cost.MaxPercent())
	}
	return most
}

// perSet is a path for one set: name.ext becomes name.<set>.ext.
func perSet(path, set string) string {
	if set == "" {
		return path
	}
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "." + set + ext
}
