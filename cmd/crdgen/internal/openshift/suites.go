package openshift

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

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Harness is test.harness's value for openshift's harness.
const Harness = "openshift"

// SuiteOptions are the inputs of RunSuites.
type SuiteOptions struct {
	// Files are the suite files found (crtest.FindSuites), read through FS.
	Files []string
	FS    safefile.FS
	// Builds are the CRDs of every feature set; Sets all the run's sets
	// and KnownGates the gates they name.
	Builds     pipeline.SetResults
	Sets       []*featureset.Set
	KnownGates []string
	// Run are the options of each crtest.Run (Match, CostWarn).
	Run crtest.Options
	// Format, Rel and Verbose render the tally (crtest.RenderTally).
	Format  string
	Rel     func(string) string
	Verbose bool
}

// SuiteResults are what RunSuites found: the tally to print, whether a
// case failed, and the problems with the suites (malformed ones are
// errors; what the harness ignores or would not run is a warning).
type SuiteResults struct {
	Report []byte
	Failed bool
	Diags  markers.ErrorList
}

// RunSuites runs suites as openshift's harness does. The results' Diags
// hold what was found before an error, too.
func RunSuites(o SuiteOptions) (*SuiteResults, error) {
	out := &SuiteResults{}
	suites, skipped, err := readTolerant(o.Files, o.FS, &out.Diags)
	if err != nil {
		return out, err
	}
	runs, problems, err := assignByPackage(suites, o)
	if err != nil {
		return out, err
	}
	bad := map[string]bool{}
	for _, p := range problems {
		d := p.Diagnostic()
		d.Severity = markers.Warning
		d.Msg += " (skipped: openshift's harness would not run it)"
		out.Diags.Add(d)
		bad[p.File] = true
	}
	for _, s := range suites {
		if bad[s.File] {
			skipped = append(skipped, crtest.Skip(s, "openshift's harness would not run it")...)
		}
	}
	outcomes := skipped
	v := schemagen.NewValidator()
	for _, run := range runs {
		run.Suites = slices.DeleteFunc(run.Suites, func(s *crtest.Suite) bool { return bad[s.File] })
		res, _ := crtest.Run(run.CRDs, run.Suites, v, o.Run)
		outcomes = append(outcomes, res...)
	}
	out.Report = crtest.RenderTally(outcomes, o.Format, o.Rel, o.Verbose)
	for _, oc := range outcomes {
		out.Failed = out.Failed || !oc.Passed()
	}
	return out, nil
}

// assignByPackage says which suites run against which manifests: a suite
// runs against those of its own package, as the harness finds them beside
// its tests directory.
func assignByPackage(suites []*crtest.Suite, o SuiteOptions) ([]crtest.Batch, []*crtest.SyntaxError, error) {
	sets, err := manifestSets(o.Builds, o.Sets)
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
		b, p := crtest.Assign(sets[dir], byDir[dir], o.KnownGates, "openshift.featureGates")
		runs, problems = append(runs, b...), append(problems, p...)
	}
	return runs, problems, nil
}

// readTolerant reads suites as openshift's harness does: the keys it
// ignores are warnings (added to diags), and the cases it never reads are
// skipped.
func readTolerant(files []string, fsys safefile.FS, diags *markers.ErrorList) ([]*crtest.Suite, []*crtest.Outcome, error) {
	var suites []*crtest.Suite
	var skipped []*crtest.Outcome
	for _, file := range files {
		if !crtest.OpenShiftReads(file) && filepath.Base(filepath.Dir(file)) != "tests" {
			continue // deeper in a tests directory: not a suite (its harness's vendor directory)
		}
		s, warnings, err := crtest.ReadSuiteTolerant(file, fsys)
		var se *crtest.SyntaxError
		switch {
		case errors.As(err, &se):
			diags.Add(se.Diagnostic())
			continue
		case err != nil:
			return nil, nil, err
		}
		for _, w := range warnings {
			d := w.Diagnostic()
			d.Severity = markers.Warning
			diags.Add(d)
		}
		if !crtest.OpenShiftReads(file) {
			e := &crtest.SyntaxError{File: file, Line: 1, Column: 1,
				Msg: "openshift's harness reads suites at tests/<dir>/<file>.yaml only: its cases are skipped"}
			d := e.Diagnostic()
			d.Severity = markers.Warning
			diags.Add(d)
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
func manifestSets(builds pipeline.SetResults, sets []*featureset.Set) (map[string][]crtest.SetCRDs, error) {
	byCRD, crds, err := variants(builds)
	if err != nil {
		return nil, err
	}
	out := map[string][]crtest.SetCRDs{}
	for _, key := range slices.Sorted(maps.Keys(byCRD)) {
		for _, f := range featureset.OpenShiftLayout(byCRD[key], featureSets(sets)) {
			c := crds[key][f.Variant]
			rep := *harnessSet(f, sets)
			rep.Name = fileName(c, f.Suffix)
			dir := c.Kinds[0].Package().Dir
			out[dir] = append(out[dir], crtest.SetCRDs{Set: &rep, CRDs: []*schemagen.CRD{c}})
		}
	}
	return out, nil
}

// harnessSet is the one of sets whose gates openshift's harness reads for
// a manifest: CustomNoUpgrade's when the manifest is for it, else the
// first cluster profile's, for the first of the manifest's feature sets
// (Default when it names none).
func harnessSet(f featureset.LayoutFile, sets []*featureset.Set) *featureset.Set {
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
	for _, s := range sets {
		if len(profiles) > 0 && s.Profile == profiles[0] && s.FeatureSet == fs[0] {
			return s
		}
	}
	return sets[0]
}
