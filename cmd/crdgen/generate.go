package main

// This file implements "crdgen generate": one load of the packages, and
// every output crdgen makes of them.

import (
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

func generateCommand() *command {
	var costReport string
	var runTests bool
	table := generators.New()
	return &command{
		name: "generate",
		about: `Usage: crdgen generate [flags] PACKAGES...

Loads PACKAGES once and writes what --generators asks of them:

` + generators.Help() + `
and with --cost-report the CEL cost report. A generator not asked for
writes and removes nothing, but for conversion: unless the command line
gives --generators, the conversions crdgen wrote before and those of kinds
marked +crdgen:conversion:generate stay current. In a kubebuilder project
(a PROJECT file) it does what "make manifests generate" does, in
kubebuilder's layout. With --test (test.generate in crdgen.yaml), it first
runs the CRDs' test suites as crdgen test does, and writes nothing when a
case fails.
`,
		builds:     true,
		diagFormat: true,
		phase:      "conversion",
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			table.Register(fs, generators.Defaults{Config: cfg, Layout: r.layout})
			r.checkFlag(fs)
			fs.StringVar(&costReport, "cost-report", "FILE", cfg.Resolve(cfg.CostReport),
				"also write the CEL cost report (.json: JSON, .md: Markdown, else text; - prints it as text on standard output)")
			fs.BoolVar(&runTests, "test", cfg.Test != nil && cfg.Test.Generate,
				"run the CRDs' test suites first (as crdgen test does) and write nothing if a case fails")
		},
		check: func(r *runState) error {
			r.costReport = costReport != ""
			r.keepObjects = runTests
			if err := table.Check(r.fs, time.Now()); err != nil {
				return err
			}
			needs := table.Needs()
			r.generators, r.allFields, r.comments = table.Which(), needs.AllFields, needs.Comments
			return r.checkOutputDir()
		},
		uncached: func(*runState) bool { return costReport == "-" },
		// make manifests generate runs generate twice over the same
		// packages with other generators: each set keeps its own record.
		slot: func(*runState) ([]string, error) {
			return []string{"generators " + strings.Join(slices.Sorted(slices.Values(table.Which())), ",")}, nil
		},
		needsCRDs: func(*runState) bool { return table.Needs().CRDs },
		produce: func(r *runState) (*outputs, error) {
			// A generator not asked for writes nothing and removes nothing:
			// --generators object alone leaves the CRDs and conversions as
			// they are, and the CRDs are not even built.
			if table.Needs().CRDs && !r.results.Built() {
				return nil, nil
			}
			if runTests {
				t, err := r.runSuites(slices.Clone(r.cfgSuites), &testFlags{format: &cli.Choice{Value: crtest.FormatText}})
				if err != nil || t.exitCode != 0 {
					return t, err
				}
				if t.failed {
					t.failure = "a test case failed, so nothing was written (--test=false writes anyway)"
					return t, nil
				}
			}
			set, diags, err := table.Run(r.generatorInput())
			r.diags.Append(diags)
			if err != nil {
				return nil, err
			}
			out := &outputs{Set: *set}
			if costReport == "" || !table.Asked("crd") {
				return out, nil
			}
			return out, r.writeCostReport(out, costReport)
		},
	}
}

// writeCostReport adds the cost report to out: printed (-), or in a file
// (one per feature set, report.<set>.md).
func (r *runState) writeCostReport(out *outputs, path string) error {
	if path == "-" {
		data, err := r.results.CostReports(celcost.FormatText)
		out.stdout = append(out.stdout, pipeline.FileOf(data))
		return err
	}
	for _, sr := range r.results {
		data, err := celcost.Render(sr.Result.Cost, reportFormat(path))
		if err != nil {
			return err
		}
		out.Put(r.a.abs(perSet(path, sr.SetName())), pipeline.FileOf(data), costReportOwner)
	}
	return nil
}

// costReportOwner is the owner of the cost report's file: a cost report
// in any of its formats.
var costReportOwner = output.OwnedIf(celcost.Owned, "name another file with --cost-report, or remove it")

// reportFormat picks the cost report's format from the file's extension.
func reportFormat(path string) string {
	switch filepath.Ext(path) {
	case ".json":
		return celcost.FormatJSON
	case ".md", ".markdown":
		return celcost.FormatMarkdown
	}
	return celcost.FormatText
}
