package main

// This file implements "crdgen cost": the CEL cost report.

import (
	"flag"
	"fmt"
	"strconv"

	"github.com/crdgen/crdgen/pkg/celcost"
)

const costUsage = `Usage: crdgen cost [flags] PACKAGES...

Compiles every CEL rule of the CRDs of PACKAGES with the API server's own
compiler, and reports what each costs against the API server's budgets:
per rule (10,000,000, times how many times the server assumes it runs) and
per schema (100,000,000), with bounds that would bring expensive rules down.

Flags:
  --format text|json|markdown   output format (default text)
  --kube-version X.Y            oldest Kubernetes whose API server must accept the rules
  --fail-above PERCENT          exit 1 if any rule uses more than PERCENT of its budget
  --unknown-markers MODE        error (default) or warn
  --allow-dangerous-types       accept float32 and float64 fields

Exit status: 1 when a rule does not compile or is over budget (always), or
above --fail-above; 2 for a wrong command line.
`

// percentFlag is a percentage between 0 and 100.
type percentFlag struct {
	set   bool
	value float64
}

func (p *percentFlag) String() string {
	if !p.set {
		return ""
	}
	return strconv.FormatFloat(p.value, 'g', -1, 64)
}

func (p *percentFlag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return fmt.Errorf("want a percentage, got %q", s)
	}
	p.set, p.value = true, v
	return nil
}

func (a *app) costCmd(args []string) int {
	cfg, err := a.findConfig()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	var gen genOptions
	format := choice{value: celcost.FormatText, allowed: []string{celcost.FormatText, celcost.FormatJSON, celcost.FormatMarkdown}}
	var failAbove percentFlag
	fs := flag.NewFlagSet("cost", flag.ContinueOnError)
	a.registerSuppress(fs, cfg)
	registerGenNoFormat(fs, &gen, cfg)
	fs.Var(&format, "format", "text, json or markdown")
	fs.Var(&failAbove, "fail-above", "exit 1 if any rule uses more than this percentage of its budget")
	patterns, code, ok := a.parseCommand(fs, args, costUsage, cfg)
	if !ok {
		return code
	}
	gen.costReport = true
	out, diags, err := a.generate(patterns, gen)
	if out != nil {
		defer out.spool.close()
	}
	a.printDiags(diags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	// The report is the point of this command: it is printed even when
	// rules do not compile or are over budget, as long as the CRDs exist.
	if out == nil || out.cost == nil {
		return exitFail
	}
	data, err := celcost.Render(out.cost, format.value)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	a.stdout.Write(data)
	if diags.HasErrors() {
		return exitFail
	}
	if failAbove.set && out.cost.MaxPercent() > failAbove.value {
		fmt.Fprintf(a.stderr, "crdgen cost: a rule uses %.1f%% of its budget, above --fail-above=%s\n", out.cost.MaxPercent(), failAbove.String())
		return exitFail
	}
	return exitOK
}
