package main

// This file implements "crdgen generate": one load of the packages, and
// every output crdgen makes of them.

import (
	"slices"
	"strings"
	"time"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
)

func generateCommand() *app.Command {
	var costReport string
	var runTests bool
	table := generators.New()
	return &app.Command{
		Name: "generate",
		About: `Usage: crdgen generate [flags] PACKAGES...

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
		Builds:     true,
		DiagFormat: true,
		Phase:      "conversion",
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			table.Register(fs, generators.Defaults{Config: cfg, Layout: r.Layout})
			r.CheckFlag(fs)
			fs.StringVar(&costReport, "cost-report", "FILE", cfg.Resolve(cfg.CostReport),
				"also write the CEL cost report (.json: JSON, .md: Markdown, else text; - prints it as text on standard output)")
			fs.BoolVar(&runTests, "test", cfg.Test != nil && cfg.Test.Generate,
				"run the CRDs' test suites first (as crdgen test does) and write nothing if a case fails")
		},
		Check: func(r *app.Request) error {
			r.CostReport = costReport != ""
			r.KeepObjects = runTests
			if err := table.Check(r.FS, time.Now()); err != nil {
				return err
			}
			needs := table.Needs()
			r.Generators, r.AllFields, r.Comments = table.Which(), needs.AllFields, needs.Comments
			return r.CheckOutputDir()
		},
		Uncached: func(*app.Request) bool { return costReport == "-" },
		// make manifests generate runs generate twice over the same
		// packages with other generators: each set keeps its own record.
		Slot: func(*app.Request) ([]string, error) {
			return []string{"generators " + strings.Join(slices.Sorted(slices.Values(table.Which())), ",")}, nil
		},
		NeedsCRDs: func(*app.Request) bool { return table.Needs().CRDs },
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.Generate(b, table, costReport, runTests)
		},
	}
}
