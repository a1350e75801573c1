package main

// This file implements the pipeline every generating command shares: load
// the packages once, build the CRDs, write them out, judge them with the
// API server's code and cost their CEL rules.

import (
	"fmt"
	"strings"
	"time"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
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
}

// settings returns the options that shape the output, for the rerun
// cache's key.
func (o genOptions) settings() map[string]any {
	return map[string]any{
		"unknownMarkers": o.unknownMarkers, "allowDangerous": o.allowDangerous,
		"maxDescLen": o.maxDescLen.String(), "omitVersion": o.omitVersion,
		"embeddedObjectMeta": o.embeddedObjectMeta, "kubeVersion": o.kubeVersion,
	}
}

// phases records how long each phase of a run took, for -v.
type phases struct {
	names []string
	times []time.Duration
	last  time.Time
}

func newPhases() *phases { return &phases{last: time.Now()} }

// done ends the current phase.
func (p *phases) done(name string) {
	now := time.Now()
	p.names = append(p.names, name)
	p.times = append(p.times, now.Sub(p.last))
	p.last = now
}

func (p *phases) String() string {
	var parts []string
	var total time.Duration
	for i, n := range p.names {
		parts = append(parts, fmt.Sprintf("%s %s", n, p.times[i].Round(time.Millisecond)))
		total += p.times[i]
	}
	return fmt.Sprintf("%s (total %s)", strings.Join(parts, ", "), total.Round(time.Millisecond))
}

// generated is the output of the pipeline.
type generated struct {
	crds []*schemagen.CRD
	// files are the rendered CRDs by file name.
	files map[string][]byte
	// cost is the CEL cost report of every CRD.
	cost *celcost.Report
	// phases are the timings of the run.
	phases *phases
}

// generate runs the pipeline. The output is nil when the CRDs could not be
// built; once they are, it is returned even when the API server's checks or
// the CEL analysis found errors (the cost report is most useful then), so
// callers must look at the diagnostics before writing anything. err is for
// failures of the go command or of crdgen itself.
func (a *app) generate(patterns []string, o genOptions) (*generated, markers.ErrorList, error) {
	ph := newPhases()
	model, diags, err := a.load(patterns, o)
	if err != nil || model == nil {
		return nil, diags, err
	}
	ph.done("load")
	return a.buildCRDs(patterns, model, diags, o, ph)
}

// load loads the packages into the model. Marker problems leave the model
// usable (the bad markers are dropped), so that generation still runs and
// every problem is reported in one go.
func (a *app) load(patterns []string, o genOptions) (*parser.Model, markers.ErrorList, error) {
	sev := markers.Error
	if o.unknownMarkers == "warn" {
		sev = markers.Warning
	}
	return parser.Load(a.ctx, patterns, parser.Options{
		Dir:            a.dir,
		Opaque:         schemagen.IsKnownType,
		UnknownMarkers: sev,
	})
}

// buildCRDs builds, encodes, costs and validates the CRDs of a loaded model.
func (a *app) buildCRDs(patterns []string, model *parser.Model, diags markers.ErrorList, o genOptions, ph *phases) (*generated, markers.ErrorList, error) {
	opts := schemagen.Options{AllowDangerousTypes: o.allowDangerous, ToolVersion: a.version, EmbeddedObjectMeta: o.embeddedObjectMeta}
	if o.omitVersion {
		opts.ToolVersion = ""
	}
	if o.maxDescLen.set {
		n := o.maxDescLen.value
		opts.MaxDescriptionLength = &n
	}
	crds, gdiags := schemagen.Generate(model, opts)
	diags.Append(gdiags)
	ph.done("schemas")
	if diags.HasErrors() {
		return nil, diags, nil
	}
	if len(crds) == 0 {
		diags.Warnf(tokenPos(), markers.CodeCRD, "no kinds found in %s: a kind is a struct that embeds metav1.TypeMeta and metav1.ObjectMeta in a package with +groupName", strings.Join(patterns, " "))
	}

	// Encoding and decoding as the API server decodes are independent per CRD.
	v := schemagen.NewValidator()
	encoded := make([]schemagen.Encoded, len(crds))
	internal := make([]*apiextensions.CustomResourceDefinition, len(crds))
	errs := make([]error, len(crds))
	parallel.ForEach(len(crds), func(i int) {
		encoded[i], errs[i] = schemagen.Encode(crds[i].Object)
		if errs[i] == nil {
			internal[i], errs[i] = v.Internal(encoded[i].JSON)
		}
	})
	targets := make([]celcost.Target, len(crds))
	for i, err := range errs {
		if err != nil {
			return nil, diags, err
		}
		targets[i] = celcost.Target{CRD: crds[i], Internal: internal[i]}
	}

	ph.done("encode")
	report, cdiags, err := celcost.Analyze(targets, celcost.Options{KubeVersion: o.kubeVersion})
	if err != nil {
		return nil, diags, err
	}
	report.SetSources(a.rel)
	diags.Append(cdiags)
	celFailed := map[string]bool{}
	for _, c := range report.CRDs {
		if c.Verdict != celcost.VerdictOK {
			celFailed[c.Name] = true
		}
	}

	ph.done("CEL")
	// The API server's own validation, without repeating what celcost found.
	found := make([]markers.ErrorList, len(crds))
	parallel.ForEach(len(crds), func(i int) {
		found[i] = v.ValidateInternal(crds[i], internal[i], celFailed[crds[i].Object.Name])
	})
	ph.done("validate")
	out := &generated{crds: crds, files: map[string][]byte{}, cost: report, phases: ph}
	for i, c := range crds {
		diags.Append(found[i])
		out.files[c.FileName] = encoded[i].YAML
	}
	return out, diags, nil
}
