package main

// This file implements "crdgen test" under test.harness: openshift: the
// suites read as openshift/api's harness reads them (crtest's tolerant
// reading), each run against the manifests it runs against there, and
// the results counted per case, with the cases that fail only on the
// wording of an error counted apart (crtest.Wordings).

import (
	"cmp"
	"errors"
	"maps"
	"path/filepath"
	"slices"

	"github.com/crdgen/crdgen/internal/config"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// harnessOpenShift is test.harness's value for openshift's harness.
const harnessOpenShift = "openshift"

// runOpenShiftSuites runs suites as openshift's harness does.
func (r *runState) runOpenShiftSuites(files []string, f *testFlags) (*outputs, error) {
	if r.openshift == nil {
		return nil, errors.New("test.harness: openshift runs suites against openshift's manifests, and " + config.Name + " has no openshift section")
	}
	suites, skipped, err := r.readTolerant(files)
	if err != nil {
		return nil, err
	}
	runs, problems, err := r.assignByPackage(suites)
	if err != nil {
		return nil, err
	}
	bad := map[string]bool{}
	for _, p := range problems {
		d := suiteDiag(p)
		d.Severity = markers.Warning
		d.Msg += " (skipped: openshift's harness would not run it)"
		r.diags.Add(d)
		bad[p.File] = true
	}
	for _, s := range suites {
		if bad[s.File] {
			skipped = append(skipped, crtest.Skip(s, "openshift's harness would not run it")...)
		}
	}
	opts := crtest.Options{CostWarn: r.crd.costOverBudget == "warn"}
	if f.match != nil {
		opts.Match = func(suite, name string) bool { return f.match.MatchString(suite + "/" + name) }
	}
	outcomes := skipped
	v := schemagen.NewValidator()
	for _, run := range runs {
		run.Suites = slices.DeleteFunc(run.Suites, func(s *crtest.Suite) bool { return bad[s.File] })
		o, _ := crtest.Run(run.CRDs, run.Suites, v, opts)
		outcomes = append(outcomes, o...)
	}
	out := &outputs{stdout: []pipeline.File{pipeline.FileOf(crtest.RenderTally(outcomes, f.format.Value, r.a.rel, r.verbose))}}
	for _, o := range outcomes {
		out.failed = out.failed || !o.Passed()
	}
	return out, nil
}

// assignByPackage says which suites run against which manifests: a suite
// runs against those of its own package, as the harness finds them beside
// its tests directory.
func (r *runState) assignByPackage(suites []*crtest.Suite) ([]crtest.Batch, []*crtest.SyntaxError, error) {
	sets, err := r.manifestSets()
	if err != nil {
		return nil, nil, err
	}
	byDir := map[string][]*crtest.Suite{}
	for _, s := range suites {
		dir := filepath.Dir(filepath.Dir(filepath.Dir(s.File)))
		byDir[dir] = append(byDir[dir], s)
	}
	var runs []crtest.Batch
	var problems []*crtest.SyntaxError
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		b, p := crtest.Assign(sets[dir], byDir[dir], r.knownGates, "openshift.featureGates")
		runs, problems = append(runs, b...), append(problems, p...)
	}
	return runs, problems, nil
}

// readTolerant reads suites as openshift's harness does: the keys it
// ignores are warnings, and the cases it never reads are skipped.
func (r *runState) readTolerant(files []string) ([]*crtest.Suite, []*crtest.Outcome, error) {
	var suites []*crtest.Suite
	var skipped []*crtest.Outcome
	for _, file := range files {
		if !crtest.OpenShiftReads(file) && filepath.Base(filepath.Dir(file)) != "tests" {
			continue // deeper in a tests directory: not a suite (its harness's vendor directory)
		}
		s, warnings, err := crtest.ReadSuiteTolerant(file, r.reads)
		var se *crtest.SyntaxError
		switch {
		case errors.As(err, &se):
			r.diags.Add(suiteDiag(se))
			continue
		case err != nil:
			return nil, nil, err
		}
		for _, w := range warnings {
			d := suiteDiag(w)
			d.Severity = markers.Warning
			r.diags.Add(d)
		}
		if !crtest.OpenShiftReads(file) {
			d := suiteDiag(&crtest.SyntaxError{File: file, Line: 1, Column: 1,
				Msg: "openshift's harness reads suites at tests/<dir>/<file>.yaml only: its cases are skipped"})
			d.Severity = markers.Warning
			r.diags.Add(d)
			skipped = append(skipped, crtest.Skip(s, "not at tests/<dir>/<file>.yaml, where openshift's harness reads suites")...)
			continue
		}
		skipped = append(skipped, crtest.SkipUnrun(s)...)
		suites = append(suites, s)
	}
	return suites, skipped, nil
}

// manifestSets are the CRDs as openshift's harness finds them, by package
// directory: one per manifest of openshift's layout, in a set with the
// gates the harness reads for it (selecting the suites that run against
// it).
func (r *runState) manifestSets() (map[string][]crtest.SetCRDs, error) {
	byCRD, crds, err := r.variants()
	if err != nil {
		return nil, err
	}
	out := map[string][]crtest.SetCRDs{}
	for _, key := range slices.Sorted(maps.Keys(byCRD)) {
		for _, f := range featureset.OpenShiftLayout(byCRD[key], r.allFeatureSets()) {
			c := crds[key][f.Variant]
			rep := *r.harnessSet(f)
			rep.Name = fileName(c, f.Suffix)
			dir := c.Kinds[0].Package().Dir
			out[dir] = append(out[dir], crtest.SetCRDs{Set: &rep, CRDs: []*schemagen.CRD{c}})
		}
	}
	return out, nil
}

// harnessSet is the set whose gates openshift's harness reads for a
// manifest: CustomNoUpgrade's when the manifest is for it, else the first
// cluster profile's, for the first of the manifest's feature sets
// (Default when it names none).
func (r *runState) harnessSet(f featureset.LayoutFile) *featureset.Set {
	profiles := slices.SortedFunc(slices.Values(f.Profiles), func(a, b string) int {
		return cmp.Compare(featureset.ProfileAnnotation(a), featureset.ProfileAnnotation(b))
	})
	fs := slices.Sorted(slices.Values(f.FeatureSets))
	if slices.Contains(fs, featureset.CustomNoUpgrade) {
		fs = []string{featureset.CustomNoUpgrade}
	}
	if len(fs) == 0 {
		fs = []string{"Default"}
	}
	for _, s := range r.sets {
		if len(profiles) > 0 && s.Profile == profiles[0] && s.FeatureSet == fs[0] {
			return s
		}
	}
	return r.sets[0]
}

// allFeatureSets are the feature sets of the run's sets.
func (r *runState) allFeatureSets() []string {
	var out []string
	for _, s := range r.sets {
		if !slices.Contains(out, s.FeatureSet) {
			out = append(out, s.FeatureSet)
		}
	}
	return out
}

// packageDirs are the directories of the main module's API packages.
func (r *runState) packageDirs() []string {
	var out []string
	for _, p := range r.mod.Packages {
		if p.Root && p.Local && p.Dir != "" && !slices.Contains(out, p.Dir) {
			out = append(out, p.Dir)
		}
	}
	slices.Sort(out)
	return out
}
