package crtest

// This file implements running every case of a set of suites against the
// CRDs crdgen built, in process: the suites on every core, the cases of a
// suite in order.

import (
	"fmt"

	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Options configure Run.
type Options struct {
	// Match selects cases by suite and case name (nil: every case).
	Match func(suite, name string) bool
	// CostWarn serves a case's patched CRD whose CEL rules the API server
	// estimates over budget, as crdgen.yaml's costOverBudget: warn writes
	// such CRDs (for an older API server whose estimate is lower).
	CostWarn bool
}

// Check finds the suites that cannot run against crds: one that names no
// CRD of crds, or a version it does not have.
func Check(crds []*schemagen.CRD, suites []*Suite) []*SyntaxError {
	_, problems := targets(crds, suites)
	return problems
}

func targets(crds []*schemagen.CRD, suites []*Suite) ([]target, []*SyntaxError) {
	byName := map[string]*schemagen.CRD{}
	var names []string
	for _, c := range crds {
		byName[c.Object.Name] = c
		names = append(names, c.Object.Name)
	}
	out := make([]target, len(suites))
	var problems []*SyntaxError
	for i, s := range suites {
		t, err := targetOf(s, byName, names)
		if err != nil {
			problems = append(problems, err)
		}
		out[i] = t
	}
	return out, problems
}

// Run runs the cases of suites against crds (with their objects). When a
// suite cannot run (Check), nothing runs.
func Run(crds []*schemagen.CRD, suites []*Suite, v *schemagen.Validator, opts Options) ([]*Outcome, []*SyntaxError) {
	targets, problems := targets(crds, suites)
	if len(problems) > 0 {
		return nil, problems
	}
	type job struct {
		t       target
		s       *Suite
		c       *Case
		ordinal int
	}
	var jobs []job
	for i, s := range suites {
		for n, c := range slices.Concat(s.Tests.OnCreate, s.Tests.OnUpdate) {
			if opts.Match == nil || opts.Match(s.Name, c.Name) {
				jobs = append(jobs, job{targets[i], s, c, n + 1})
			}
		}
	}
	built := NewServers(v)
	built.CostWarn = opts.CostWarn
	var used []*Suite
	var usedTargets []target
	for i, s := range suites {
		if slices.ContainsFunc(jobs, func(j job) bool { return j.s == s }) {
			used, usedTargets = append(used, s), append(usedTargets, targets[i])
		}
	}
	built.prepare(usedTargets, used)
	out := make([]*Outcome, len(jobs))
	parallel.ForEach(len(jobs), func(i int) {
		j := jobs[i]
		out[i] = runCase(j.t, j.s, j.c, built.localAt(j.ordinal))
	})
	return out, nil
}

// target is the CRD and version a suite runs against.
type target struct {
	crd     *schemagen.CRD
	version string
}

func targetOf(s *Suite, crds map[string]*schemagen.CRD, names []string) (target, *SyntaxError) {
	fail := func(key, format string, args ...any) (target, *SyntaxError) {
		p := s.keys[key]
		return target{}, &SyntaxError{File: s.File, Line: p.line, Column: p.column, Msg: fmt.Sprintf(format, args...)}
	}
	crd := crds[s.CRDName]
	if crd == nil {
		return fail("crdName", "crdName: crdgen makes no CRD %s%s (it makes %s)", s.CRDName, didYouMean(s.CRDName, names), strings.Join(names, ", "))
	}
	version := s.Version
	var versions []string
	for _, v := range crd.Object.Spec.Versions {
		versions = append(versions, v.Name)
		if version == "" && v.Storage {
			version = v.Name
		}
	}
	if !slices.Contains(versions, version) {
		return fail("version", "version: %s has no version %s (it has %s)", s.CRDName, version, strings.Join(versions, ", "))
	}
	return target{crd: crd, version: version}, nil
}

// InSet reports whether a suite runs in a feature set: every gate of its
// featureGates on in the set ("Gate") or off ("-Gate").
func (s *Suite) InSet(set *featureset.Set) bool {
	for _, g := range s.FeatureGates {
		if off, ok := strings.CutPrefix(g, "-"); ok {
			if set.Holds(off) {
				return false
			}
		} else if !set.Holds(g) {
			return false
		}
	}
	return true
}

// ForSet is the suite as it runs in a feature set: named for it.
func (s *Suite) ForSet(set string) *Suite {
	c := *s
	c.Name = s.Name + " [" + set + "]"
	return &c
}

// KeyError is a problem with a suite's key, at its line.
func (s *Suite) KeyError(key, format string, args ...any) *SyntaxError {
	p := s.keys[key]
	return &SyntaxError{File: s.File, Line: p.line, Column: p.column, Msg: fmt.Sprintf(format, args...)}
}

func didYouMean(got string, names []string) string {
	if s := markers.Suggest(got, names); s != "" {
		return fmt.Sprintf(", did you mean %s?", s)
	}
	return ""
}

// prepare builds, on every core, the servers the suites' cases will ask
// for: each suite's CRD version, and each patched CRD of a ratcheting case
// (the most expensive: the API server's validation of the change, and the
// patched CRD's rules compiled).
func (ss *Servers) prepare(targets []target, suites []*Suite) {
	type job struct {
		crd, previous *apiextv1.CustomResourceDefinition
		version       string
	}
	var jobs []job
	for i, s := range suites {
		crd := targets[i].crd.Object
		jobs = append(jobs, job{crd, nil, targets[i].version})
		for _, c := range s.Tests.OnUpdate {
			if len(c.InitialCRDPatches) == 0 {
				continue
			}
			if patched, err := ss.patch(crd, c.InitialCRDPatches); err == nil {
				jobs = append(jobs, job{patched, crd, targets[i].version})
			}
		}
	}
	parallel.ForEach(len(jobs), func(i int) {
		// A server that cannot be built is reported by the case that asks.
		ss.Local().Serve(jobs[i].crd, jobs[i].previous, jobs[i].version)
	})
}

// runCase runs a case on a cluster of its own (whose servers every case
// shares): the cases of a run are independent, and run on every core.
func runCase(t target, s *Suite, c *Case, cluster *Local) *Outcome {
	crd := t.crd.Object
	base, err := cluster.Serve(crd, nil, t.version)
	if err != nil {
		return &Outcome{Suite: s, Case: c, Failure: fmt.Sprintf("serving %s: %v", crd.Name, err), Err: err}
	}
	o := RunCase(cluster, base, crd, t.version, s, c)
	if !o.Passed() && o.Err != nil {
		o.Sources = Sources(t.crd, t.version, o.Err)
	}
	return o
}
