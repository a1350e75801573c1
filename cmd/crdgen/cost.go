package main

// This file implements "crdgen cost": the CEL cost report.

import (
	"fmt"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

func costCommand() *command {
	format := &cli.Choice{Value: celcost.FormatText, Allowed: []string{celcost.FormatText, celcost.FormatJSON, celcost.FormatMarkdown}}
	var failAbove cli.Percent
	return &command{
		name: "cost",
		about: `Usage: crdgen cost [flags] PACKAGES...

Compiles every CEL rule of the CRDs of PACKAGES with the API server's own
compiler, and reports what each costs against the API server's budgets:
per rule (10,000,000, times how many times the server assumes it runs) and
per schema (100,000,000), with bounds that would bring expensive rules down.
`,
		after: `Exit status: 1 when a rule does not compile or is over budget (always), or
above --fail-above; 2 for a wrong command line.
`,
		builds: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			fs.Var(format, "format", "text|json|markdown", "the report's format")
			fs.Var(&failAbove, "fail-above", "PERCENT", "exit 1 if any rule uses more than PERCENT of its budget")
		},
		check: func(r *runState) error {
			r.costReport = true
			return nil
		},
		produce: func(r *runState) (*outputs, error) {
			// The report is the point of this command: it is printed even
			// when rules do not compile or are over budget, as long as the
			// CRDs exist.
			if !r.results.Built() {
				return nil, nil
			}
			data, err := r.results.CostReports(format.Value)
			if err != nil {
				return nil, err
			}
			out := &outputs{stdout: []pipeline.File{pipeline.FileOf(data)}, stdoutOnErrors: true}
			if most := r.results.MaxCostPercent(); failAbove.Valid && most > failAbove.Value {
				out.failure = fmt.Sprintf("a rule uses %.1f%% of its budget, above --fail-above=%s", most, failAbove.String())
			}
			return out, nil
		},
	}
}
