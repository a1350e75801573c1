package crtest

// This file implements which suites run against which CRDs, with and
// without feature sets.

import (
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// SetCRDs are the CRDs of one feature set (Set nil: a run without sets).
type SetCRDs struct {
	Set  *featureset.Set
	CRDs []*schemagen.CRD
}

// Batch is suites and the CRDs they run against.
type Batch struct {
	CRDs   []*schemagen.CRD
	Suites []*Suite
}

// Assign says which suites run against which CRDs: without feature sets
// (one SetCRDs with no Set), every suite against its CRDs; with feature
// sets, each suite in every set its featureGates select that has its CRD
// (named "suite [set]"). knownGates are the gates the sets know, and
// settings names the file that declares them, for messages. A suite that
// names what no set has is a problem at its key.
func Assign(sets []SetCRDs, suites []*Suite, knownGates []string, settings string) ([]Batch, []*SyntaxError) {
	var problems []*SyntaxError
	if len(sets) == 1 && sets[0].Set == nil {
		for _, s := range suites {
			if len(s.FeatureGates) > 0 {
				problems = append(problems, s.KeyError("featureGates", "featureGates select feature sets, and %s declares none", settings))
			}
		}
		return []Batch{{sets[0].CRDs, suites}}, append(problems, Check(sets[0].CRDs, suites)...)
	}
	runs := make([]Batch, len(sets))
	var all []*schemagen.CRD
	for i, sr := range sets {
		runs[i].CRDs = sr.CRDs
		all = append(all, sr.CRDs...)
	}
	for _, s := range suites {
		if p := checkSuiteGates(s, knownGates, settings); p != nil {
			problems = append(problems, p)
			continue
		}
		selected, ran := false, false
		for i, sr := range sets {
			if !s.InSet(sr.Set) {
				continue
			}
			selected = true
			if slices.ContainsFunc(sr.CRDs, func(c *schemagen.CRD) bool { return c.Object.Name == s.CRDName }) {
				runs[i].Suites = append(runs[i].Suites, s.ForSet(sr.Set.Name))
				ran = true
			}
		}
		switch {
		case !selected:
			problems = append(problems, s.KeyError("featureGates", "featureGates %s select no feature set of %s", strings.Join(s.FeatureGates, ", "), settings))
		case !ran:
			ps := Check(dedupeCRDs(all), []*Suite{s})
			if len(ps) == 0 {
				ps = append(ps, s.KeyError("crdName", "crdName: the feature sets these featureGates select have no CRD %s", s.CRDName))
			}
			problems = append(problems, ps...)
		}
	}
	for _, run := range runs {
		problems = append(problems, Check(run.CRDs, run.Suites)...)
	}
	return runs, problems
}

// checkSuiteGates reports a gate of a suite's featureGates no feature set
// knows.
func checkSuiteGates(s *Suite, knownGates []string, settings string) *SyntaxError {
	for _, g := range s.FeatureGates {
		gate := strings.TrimPrefix(g, "-")
		if slices.Contains(knownGates, gate) {
			continue
		}
		hint := ""
		if sg := markers.Suggest(gate, knownGates); sg != "" {
			hint = ", did you mean " + sg + "?"
		}
		return s.KeyError("featureGates", "featureGates: no feature set of %s knows the gate %s%s", settings, gate, hint)
	}
	return nil
}

// dedupeCRDs keeps the first CRD of each name.
func dedupeCRDs(crds []*schemagen.CRD) []*schemagen.CRD {
	seen := map[string]bool{}
	return slices.DeleteFunc(slices.Clone(crds), func(c *schemagen.CRD) bool {
		dup := seen[c.Object.Name]
		seen[c.Object.Name] = true
		return dup
	})
}
