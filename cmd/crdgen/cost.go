package main

// This file implements "crdgen cost": the CEL cost report.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/celcost"
)

func costCommand() *app.Command {
	format := &cli.Choice{Value: celcost.FormatText, Allowed: []string{celcost.FormatText, celcost.FormatJSON, celcost.FormatMarkdown}}
	var failAbove cli.Percent
	return &app.Command{
		Name: "cost",
		About: `Usage: crdgen cost [flags] PACKAGES...

Compiles every CEL rule of the CRDs of PACKAGES with the API server's own
compiler, and reports what each costs against the API server's budgets:
per rule (10,000,000, times how many times the server assumes it runs) and
per schema (100,000,000), with bounds that would bring expensive rules down.
`,
		After: `Exit status: 1 when a rule does not compile or is over budget (always), or
above --fail-above; 2 for a wrong command line.
`,
		Builds: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			fs.Var(format, "format", "text|json|markdown", "the report's format")
			fs.Var(&failAbove, "fail-above", "PERCENT", "exit 1 if any rule uses more than PERCENT of its budget")
		},
		Check: func(r *app.Request) error {
			r.CostReport = true
			return nil
		},
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.Cost(b, format.Value, failAbove)
		},
	}
}
