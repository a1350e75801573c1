package pipeline

// This file implements the run: every CRD of a model through every step,
// on every core, keeping of each only what the caller needs.

import (
	"go/token"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/crdyaml"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Options configure Run.
type Options struct {
	// Schema are the options of the CRDs themselves.
	Schema schemagen.Options
	// KubeVersion ("1.31", "" for the newest) is the Kubernetes version
	// whose API server must accept the CEL rules.
	KubeVersion string
	// CostReport analyzes the CEL rules of every CRD and suggests bounds
	// for expensive ones, for a cost report (otherwise a CRD's rules are
	// analyzed only when the API server rejects one).
	CostReport bool
	// KeepObjects keeps every CRD object (crdgen diff compares them);
	// otherwise a CRD keeps only its YAML.
	KeepObjects bool
	// Patterns are the package patterns the model was loaded from, for the
	// error when they hold no kind.
	Patterns []string
	// MemoryBudget is how many bytes of YAML are held in memory before the
	// rest is spooled to disk (0: MemoryBudget).
	MemoryBudget int64
	// Verdicts, if not nil, remembers the CRDs the API server's validation
	// accepted with nothing to say: a CRD written exactly as one of them
	// is not validated again. Not used with CostReport, which analyzes
	// every rule.
	Verdicts Verdicts
	// CostWarn makes a CEL rule or schema over the API server's cost budget
	// a warning, and writes the CRD: for clusters whose older API server
	// estimates the cost lower than the one crdgen links.
	CostWarn bool
	// Builds, if not nil, remembers built CRDs by the key of their build:
	// a CRD whose build is remembered is not built, encoded or validated
	// again. Not used with CostReport or KeepObjects.
	Builds Builds
}

// Result is what a run made.
type Result struct {
	// CRDs are the CRDs by file name; their Object is nil unless
	// Options.KeepObjects.
	CRDs []*schemagen.CRD
	// Files are the CRDs' YAML, as crdgen writes them, by file name.
	Files map[string]File
	// Cost is the CEL cost report of every CRD.
	Cost *celcost.Report
	// Groups are the API groups the packages declare (+groupName): a CRD
	// file of one of them that no kind makes any more is stale.
	Groups map[string]bool
	// Reused counts the CRDs taken from Options.Builds, not built.
	Reused int
	spool  *Spool
}

// Close removes what the run spooled to disk. Files must not be read after.
func (r *Result) Close() {
	if r != nil {
		r.spool.Close()
	}
}

// Run builds, writes (as YAML), validates with the API server's code and
// costs the CRDs of a loaded model; diags are the load's diagnostics, and
// the result's hold them with the run's. Each CRD goes through every step
// on its own, on every core, so that memory holds the CRDs being worked on
// rather than all of them.
//
// The result is nil when the CRDs cannot be written: with errors (the
// load's or the run's), every CRD is still built and judged, to report
// every mistake in one run, but none is written, and what the judging
// finds on a line already reported is left out as a consequence. err is
// for failures of the system, not of the input. ph, if not nil, gets the
// time of each phase.
func Run(mod *model.Model, diags markers.ErrorList, opts Options, ph *Phases) (*Result, markers.ErrorList, error) {
	if ph == nil {
		ph = NewPhases()
	}
	plan, pdiags := schemagen.Prepare(mod, opts.Schema)
	diags.Append(pdiags)
	an, err := celcost.NewAnalyzer(celcost.Options{KubeVersion: opts.KubeVersion, NoHints: !opts.CostReport})
	if err != nil {
		return nil, diags, err
	}
	ph.Done("prepare")

	failed := diags.HasErrors()
	results := make([]crdResult, plan.Len())
	sp := &Spool{budget: opts.MemoryBudget}
	b := &crdBuilder{plan: plan, v: schemagen.NewValidator(), an: an, sp: sp, failed: failed, reported: reportedLines(diags), keep: opts.KeepObjects,
		verdicts: opts.Verdicts, builds: opts.Builds, kubeVersion: opts.KubeVersion, costWarn: opts.CostWarn,
		// Another Kubernetes version than the validation's may lack a CEL
		// function the rules use.
		analyzeAll: opts.CostReport || opts.KubeVersion != ""}
	parallel.ForEach(plan.Len(), func(i int) { results[i] = b.one(i) })
	var built markers.ErrorList
	for _, r := range results {
		built.Append(r.build)
		if r.err != nil {
			sp.Close()
			return nil, diags, r.err
		}
	}
	diags.Append(built)
	for _, r := range results {
		for i, step := range steps {
			ph.Add(step, r.times[i])
		}
	}
	ph.Done("CRDs")
	if diags.HasErrors() {
		for _, r := range results {
			diags.Append(r.check)
		}
		sp.Close()
		return nil, slices.DeleteFunc(diags, mod.Consequence), nil
	}
	results = slices.DeleteFunc(results, func(r crdResult) bool { return r.crd == nil })
	slices.SortFunc(results, func(x, y crdResult) int { return strings.Compare(x.crd.FileName, y.crd.FileName) })
	if len(results) == 0 {
		// Nothing to write is a mistake (a mistyped pattern, say), and
		// writing nothing must not empty the output directory.
		diags.Errorf(token.Position{}, markers.CodeCRD, "no kinds found in %s: a kind is a struct that embeds metav1.TypeMeta and metav1.ObjectMeta in a package with +groupName", strings.Join(opts.Patterns, " "))
		sp.Close()
		return nil, diags, nil
	}
	out := &Result{Files: map[string]File{}, spool: sp, Groups: declaredGroups(mod)}
	var reports []celcost.CRDReport
	for _, r := range results {
		diags.Append(r.check)
		if r.reused {
			out.Reused++
		}
		out.Files[r.crd.FileName] = r.yaml
		out.CRDs = append(out.CRDs, r.crd)
		reports = append(reports, r.report)
	}
	out.Cost = an.Report(reports)
	return out, diags, nil
}

// steps are the steps of a CRD, as phases.
var steps = [4]string{"schemas", "encode", "validate", "CEL"}

// declaredGroups returns the API groups the model's packages declare.
func declaredGroups(m *model.Model) map[string]bool {
	groups := map[string]bool{}
	for _, p := range m.Packages {
		if p.Root && p.HasGroup && p.Group != "" {
			groups[p.Group] = true
		}
	}
	return groups
}

// crdResult is what crdBuilder keeps of a CRD.
type crdResult struct {
	// crd is the CRD; its Object is nil unless the caller keeps objects.
	crd    *schemagen.CRD
	yaml   File
	report celcost.CRDReport
	// build holds the problems of its generation, check those the CEL
	// analysis and the API server's validation found.
	build, check markers.ErrorList
	err          error
	// reused says the CRD was taken from the remembered builds.
	reused bool
	// times are spent in each of steps.
	times [len(steps)]time.Duration
}

// crdBuilder takes each CRD of a plan through every step.
type crdBuilder struct {
	plan *schemagen.Plan
	v    *schemagen.Validator
	an   *celcost.Analyzer
	sp   *Spool
	// failed says the load or the plan had errors: the CRDs are judged for
	// their own mistakes, not written; keep keeps the CRD objects.
	failed, keep bool
	// reported are the lines the load and the plan reported problems on.
	reported map[lineKey]bool
	// analyzeAll runs the CEL analysis on every CRD (see celcost.Judge).
	analyzeAll bool
	// verdicts remembers accepted CRDs (nil: judge every one); kubeVersion
	// is part of a verdict's key.
	verdicts    Verdicts
	builds      Builds
	kubeVersion string
	// costWarn makes cost findings warnings (Options.CostWarn).
	costWarn bool
}

// one takes the i-th CRD through every step: build, write as YAML, the API
// server's validation, and the judgement of its CEL rules.
func (b *crdBuilder) one(i int) crdResult {
	var r crdResult
	// Whatever happens to it, the CRD is not built again.
	defer b.plan.Done(i)
	start := time.Now()
	lap := func(n int) {
		now := time.Now()
		r.times[n], start = now.Sub(start), now
	}
	key, ok := b.reuse(i, &r)
	if ok || r.err != nil {
		lap(0)
		return r
	}
	crd, build := b.plan.Build(i)
	r.build = build
	if crd == nil {
		return r
	}
	bestEffort := b.failed || r.build.HasErrors()
	if bestEffort {
		// Bad defaults are reported with the other generation problems (the
		// server checks them only in an otherwise valid schema).
		r.build.Append(schemagen.CheckDefaults(crd))
	}
	lap(0)
	var verdict string
	var yaml []byte
	if !bestEffort {
		var err error
		yaml, err = crdyaml.Marshal(crd.Object)
		if err == nil {
			r.yaml, err = b.sp.Keep(yaml)
		}
		if err != nil {
			r.err = err
			return r
		}
		if b.remembered(bestEffort) {
			verdict = verdictKey(r.yaml.sum, b.kubeVersion)
		}
		if verdict != "" && b.verdicts.Accepted(verdict) {
			// Judged before, byte for byte, with nothing to say: no
			// finding, no report (see remembered).
			lap(1)
			b.remember(key, crd, yaml, r)
			return b.kept(r, crd)
		}
	}
	internal, err := b.v.InternalOf(crd.Object)
	if err != nil {
		if !bestEffort {
			r.err = err
		}
		return r
	}
	lap(1)
	found := b.v.Validate(crd, internal)
	lap(2)
	r.report, r.check = b.an.Judge(celcost.Target{CRD: crd, Internal: internal}, found, b.analyzeAll || bestEffort)
	if b.costWarn {
		warnCost(r.check)
	}
	lap(3)
	if bestEffort {
		// Drop what only follows from a problem already reported: a finding
		// on a line the load, the plan or this CRD's generation reported.
		seen := maps.Clone(b.reported)
		for l := range reportedLines(r.build) {
			seen[l] = true
		}
		r.check = dropReported(r.check, seen)
		return r
	}
	if len(found) == 0 && len(r.check) == 0 {
		if verdict != "" {
			b.verdicts.Accept(verdict)
		}
		b.remember(key, crd, yaml, r)
	}
	if r.check.HasErrors() {
		// The server checks defaults only in an otherwise valid schema:
		// report bad ones as generation errors, as the markers' own, and
		// leave the rest until they are fixed.
		if d := schemagen.CheckDefaults(crd); len(d) > 0 {
			r.build.Append(d)
			r.check = dropReported(r.check, reportedLines(d))
		}
	}
	return b.kept(r, crd)
}

// kept returns r with the CRD, which keeps its object only when the caller
// asked for objects.
func (b *crdBuilder) kept(r crdResult, crd *schemagen.CRD) crdResult {
	r.crd = crd
	if !b.keep {
		slim := *crd
		slim.Object = nil
		r.crd = &slim
	}
	return r
}

// lineKey is a line of a file.
type lineKey struct {
	file string
	line int
}

// reportedLines are the lines diagnostics are on.
func reportedLines(diags markers.ErrorList) map[lineKey]bool {
	out := map[lineKey]bool{}
	for _, d := range diags {
		out[lineKey{d.Pos.Filename, d.Pos.Line}] = true
	}
	return out
}

// dropReported leaves out the diagnostics on lines already reported.
func dropReported(diags markers.ErrorList, reported map[lineKey]bool) markers.ErrorList {
	return slices.DeleteFunc(diags, func(d markers.Diagnostic) bool { return reported[lineKey{d.Pos.Filename, d.Pos.Line}] })
}

// warnCost makes the findings on CEL costs over budget warnings
// (Options.CostWarn).
func warnCost(diags markers.ErrorList) {
	for i, d := range diags {
		if d.Severity == markers.Error && (d.Code == markers.CodeCELCost || d.Code == markers.CodeAPIServer && strings.Contains(d.Msg, "estimated rule cost")) {
			diags[i].Severity = markers.Warning
			diags[i].Msg += " (costOverBudget: warn)"
		}
	}
}
