package main

// This file implements the pipeline every generating command shares: load
// the packages once, build the CRDs, write them out, judge them with the
// API server's code and cost their CEL rules.

import (
	"fmt"
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

// genOptions are the options of the pipeline.
type genOptions struct {
	unknownMarkers string
	allowDangerous bool
	maxDescLen     optionalInt
	omitVersion    bool
	// embeddedObjectMeta is --generate-embedded-object-meta.
	embeddedObjectMeta bool
	kubeVersion        string
	verbose            bool
	// format is how diagnostics are printed: text, json or github.
	format string
	// keepObjects keeps every CRD object in the output (crdgen diff compares
	// them); otherwise only their YAML is kept.
	keepObjects bool
	// costReport asks for the CEL cost report's suggested bounds, which
	// only a printed report shows.
	costReport bool
	// tags are build tags for the go command (--tags).
	tags []string
}

// settings returns the options that shape the output, for the rerun
// cache's key.
func (o genOptions) settings() map[string]any {
	return map[string]any{
		"unknownMarkers": o.unknownMarkers, "allowDangerous": o.allowDangerous,
		"maxDescLen": o.maxDescLen.String(), "omitVersion": o.omitVersion,
		"embeddedObjectMeta": o.embeddedObjectMeta, "kubeVersion": o.kubeVersion, "tags": o.tags,
	}
}

// phases records how long each phase of a run took, for -v.
type phases struct {
	names []string
	times []time.Duration
	last  time.Time
}

func newPhases() *phases { return &phases{last: time.Now()} }

// add records time spent in a phase that ran on several cores, summed.
func (p *phases) add(name string, d time.Duration) {
	for i, n := range p.names {
		if n == name+"*" {
			p.times[i] += d
			return
		}
	}
	p.names = append(p.names, name+"*")
	p.times = append(p.times, d)
}

// done ends the current phase.
func (p *phases) done(name string) {
	now := time.Now()
	p.names = append(p.names, name)
	p.times = append(p.times, now.Sub(p.last))
	p.last = now
}

func (p *phases) String() string {
	var parts, busy []string
	var total time.Duration
	for i, n := range p.names {
		if name, ok := strings.CutSuffix(n, "*"); ok {
			// Time summed over the cores, shown within the phase that ends next.
			busy = append(busy, fmt.Sprintf("%s %s", name, p.times[i].Round(time.Millisecond)))
			continue
		}
		part := fmt.Sprintf("%s %s", n, p.times[i].Round(time.Millisecond))
		if len(busy) > 0 {
			part += " (" + strings.Join(busy, ", ") + " across the cores)"
			busy = nil
		}
		parts = append(parts, part)
		total += p.times[i]
	}
	return fmt.Sprintf("%s (total %s)", strings.Join(parts, ", "), total.Round(time.Millisecond))
}

// generated is the output of the pipeline.
type generated struct {
	crds []*schemagen.CRD
	// files are the rendered CRDs by file name, held by spool (which the
	// caller closes).
	files map[string]output
	spool *spool
	// cost is the CEL cost report of every CRD.
	cost *celcost.Report
	// phases are the timings of the run.
	phases *phases
	// groups are the API groups the run's packages declare (+groupName):
	// a stale CRD file of one of them is crdgen's to remove.
	groups map[string]bool
}

// declaredGroups returns the API groups the run's packages declare.
func declaredGroups(m *model.Model) map[string]bool {
	groups := map[string]bool{}
	for _, p := range m.Packages {
		if p.Root && p.HasGroup && p.Group != "" {
			groups[p.Group] = true
		}
	}
	return groups
}

// generate runs the pipeline. The output is nil when the CRDs could not be
// built; once they are, it is returned even when the API server's checks or
// the CEL analysis found errors (the cost report is most useful then), so
// callers must look at the diagnostics before writing anything. err is for
// failures of the go command or of crdgen itself.
func (a *app) generate(patterns []string, o genOptions) (*generated, markers.ErrorList, error) {
	listing, err := a.list(patterns, o.tags)
	if err != nil {
		return nil, nil, err
	}
	return a.generateListed(patterns, listing, o, newPhases())
}

// generateListed is generate on packages already listed.
func (a *app) generateListed(patterns []string, listing *model.Listing, o genOptions, ph *phases) (*generated, markers.ErrorList, error) {
	mod, diags, err := a.load(listing, o)
	if err != nil || mod == nil {
		return nil, diags, err
	}
	ph.done("load")
	return a.buildCRDs(patterns, mod, diags, o, ph)
}

// list runs go list on the patterns and their dependencies (see
// model.List): what the rerun cache fingerprints and the load reads.
func (a *app) list(patterns, tags []string) (*model.Listing, error) {
	return model.List(a.ctx, patterns, model.Options{Dir: a.dir, BuildTags: tags})
}

// load loads the listed packages into the model. Marker problems leave the
// model usable (the bad markers are dropped), so that generation still runs
// and every problem is reported in one go.
func (a *app) load(listing *model.Listing, o genOptions) (*model.Model, markers.ErrorList, error) {
	sev := markers.Error
	if o.unknownMarkers == "warn" {
		sev = markers.Warning
	}
	return model.LoadListing(a.ctx, listing, model.Options{
		Dir:            a.dir,
		Opaque:         schemagen.IsKnownType,
		UnknownMarkers: sev,
	})
}

// buildCRDs builds, encodes, costs and validates the CRDs of a loaded model.
// Each CRD goes through every step on its own, on every core, and only its
// YAML, report and diagnostics are kept (and its object with keepObjects),
// so that memory holds the CRDs being worked on rather than all of them.
func (a *app) buildCRDs(patterns []string, mod *model.Model, diags markers.ErrorList, o genOptions, ph *phases) (*generated, markers.ErrorList, error) {
	opts := schemagen.Options{AllowDangerousTypes: o.allowDangerous, ToolVersion: a.version, EmbeddedObjectMeta: o.embeddedObjectMeta}
	if o.unknownMarkers == "warn" {
		opts.MisplacedMarkers = markers.Warning
	}
	if o.omitVersion {
		opts.ToolVersion = ""
	}
	if o.maxDescLen.set {
		n := o.maxDescLen.value
		opts.MaxDescriptionLength = &n
	}
	plan, pdiags := schemagen.Prepare(mod, opts)
	diags.Append(pdiags)
	an, err := celcost.NewAnalyzer(celcost.Options{KubeVersion: o.kubeVersion, NoHints: !o.costReport})
	if err != nil {
		return nil, diags, err
	}
	v := schemagen.NewValidator()
	ph.done("prepare")

	// With errors already, every CRD is still built and judged, to report
	// every mistake in one run, but none is rendered (nothing is written);
	// what the judging finds on a line already reported is a consequence.
	failed := diags.HasErrors()
	results := make([]crdResult, plan.Len())
	sp := &spool{}
	b := &crdBuilder{plan: plan, v: v, an: an, sp: sp, failed: failed, reported: reportedLines(diags), keep: o.keepObjects,
		// A cost report needs every rule's cost; another Kubernetes version
		// than the validation's may lack a CEL function the rules use.
		analyzeCEL: o.costReport || o.kubeVersion != ""}
	parallel.ForEach(plan.Len(), func(i int) { results[i] = b.one(i) })
	var built markers.ErrorList
	for _, r := range results {
		built.Append(r.build)
		if r.err != nil {
			sp.close()
			return nil, diags, r.err
		}
	}
	diags.Append(built)
	for _, r := range results {
		ph.add("schemas", r.times[0])
		ph.add("encode", r.times[1])
		ph.add("validate", r.times[2])
		ph.add("CEL", r.times[3])
	}
	ph.done("CRDs")
	if diags.HasErrors() {
		// Nothing is written; what the judging found is reported with the
		// generation problems.
		for _, r := range results {
			diags.Append(r.check)
		}
		sp.close()
		return nil, withoutConsequences(mod, diags), nil
	}
	results = slices.DeleteFunc(results, func(r crdResult) bool { return r.crd == nil })
	slices.SortFunc(results, func(x, y crdResult) int { return strings.Compare(x.crd.FileName, y.crd.FileName) })
	if len(results) == 0 {
		// Nothing to write is a mistake (a mistyped pattern, say), and
		// writing nothing must not empty the output directory.
		diags.Errorf(tokenPos(), markers.CodeCRD, "no kinds found in %s: a kind is a struct that embeds metav1.TypeMeta and metav1.ObjectMeta in a package with +groupName", strings.Join(patterns, " "))
		sp.close()
		return nil, diags, nil
	}
	out := &generated{files: map[string]output{}, spool: sp, phases: ph, groups: declaredGroups(mod)}
	var reports []celcost.CRDReport
	for _, r := range results {
		diags.Append(r.check)
		out.files[r.crd.FileName] = r.yaml
		out.crds = append(out.crds, r.crd)
		reports = append(reports, r.report)
	}
	out.cost = an.Report(reports)
	out.cost.SetSources(a.rel)
	return out, diags, nil
}

// crdResult is what crdBuilder keeps of a CRD.
type crdResult struct {
	// crd is the CRD; its Object is nil unless the caller keeps objects.
	crd    *schemagen.CRD
	yaml   output
	report celcost.CRDReport
	// build holds the problems of its generation, check those the CEL
	// analysis and the API server's validation found.
	build, check markers.ErrorList
	err          error
	// times are spent building, encoding, validating and costing.
	times [4]time.Duration
}

// crdBuilder takes each CRD of a plan through every step.
type crdBuilder struct {
	plan *schemagen.Plan
	v    *schemagen.Validator
	an   *celcost.Analyzer
	sp   *spool
	// failed says the load or the plan had errors: the CRDs are judged for
	// their own mistakes, not rendered; keep keeps the CRD objects.
	failed, keep bool
	// reported are the lines the load and the plan reported problems on.
	reported map[lineKey]bool
	// analyzeCEL runs the CEL analysis on every CRD, not only on those
	// whose rules the API server rejects.
	analyzeCEL bool
}

// one takes the i-th CRD through every step: build, encode, the API
// server's validation, and the CEL analysis where it is needed: for the
// cost report, or to point at the markers of the rules the API server
// rejects (its own findings on them are then dropped). The analysis calls
// the server's compiler and cost estimator, so on rules the server accepts
// it finds nothing more.
func (b *crdBuilder) one(i int) crdResult {
	var r crdResult
	start := time.Now()
	lap := func(n int) {
		now := time.Now()
		r.times[n], start = now.Sub(start), now
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
	if !bestEffort {
		yaml, err := crdyaml.Marshal(crd.Object)
		if err == nil {
			r.yaml, err = b.sp.keep(yaml)
		}
		if err != nil {
			r.err = err
			return r
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
	found := b.v.ValidateInternal(crd, internal)
	lap(2)
	if b.analyzeCEL || bestEffort || len(found.CEL) > 0 {
		rep, cdiags := b.an.CRD(celcost.Target{CRD: crd, Internal: internal})
		r.report, r.check = rep, cdiags
		if rep.Verdict != celcost.VerdictOK {
			found.CEL = nil
		}
	}
	r.check.Append(found.CEL)
	r.check.Append(found.Other)
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
	if r.check.HasErrors() {
		// The server checks defaults only in an otherwise valid schema:
		// report bad ones as generation errors, as the markers' own, and
		// leave the rest until they are fixed.
		if d := schemagen.CheckDefaults(crd); len(d) > 0 {
			r.build.Append(d)
			r.check = dropReported(r.check, reportedLines(d))
		}
	}
	r.crd = crd
	if !b.keep {
		slim := *crd
		slim.Object = nil
		r.crd = &slim
	}
	return r
}

// withoutConsequences leaves out the diagnostics that may only follow from
// a syntax error (model.Model.Consequence).
func withoutConsequences(m *model.Model, diags markers.ErrorList) markers.ErrorList {
	return slices.DeleteFunc(diags, m.Consequence)
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
