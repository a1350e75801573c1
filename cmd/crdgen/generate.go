package main

// This file implements "crdgen generate": one load of the packages, and
// every output crdgen makes of them.

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/convgen"
)

const generateUsage = `Usage: crdgen generate [flags] PACKAGES...

Loads PACKAGES once and writes everything crdgen makes of them: one CRD per
group and kind into DIR/<group>_<plural>.yaml, the conversions of every
kind with several versions into its packages (zz_generated.conversion.go),
and, with --cost-report, the CEL cost report.

Flags:
  -o, --output-dir DIR          where CRD files go (default config/crd/bases)
  --check                       write nothing; exit 1 and print a diff if any file would
                                change, is missing, or should be removed
  --cost-report FILE            also write the CEL cost report (.json: JSON, .md: Markdown, else
                                text; - prints it as text on standard output)
  --conversion-style STYLE      methods or functions; overrides +crdgen:conversion:style
  --conversion-tests BOOL       write the conversion round-trip tests (default true)
  --unknown-markers MODE        error (default) or warn
  --allow-dangerous-types       accept float32 and float64 fields
  --max-description-length N    truncate descriptions to N bytes (0 drops them)
  --omit-version-annotation     do not stamp the crdgen version on each CRD
  --generate-embedded-object-meta  describe a template's metav1.ObjectMeta instead of an empty object
  --kube-version X.Y            oldest Kubernetes whose API server must accept the CEL rules
  --tags TAG[,TAG]              build tags for the go command (added to those of GOFLAGS)
  --format text|json|github     how diagnostics are printed (default text)
  --suppress CODE[,CODE]        do not print warnings with these codes (errors always print)
  --no-cache                    do the whole run even when nothing changed since the last one
  -v                            print each file written and the time of each phase

Settings can also come from crdgen.yaml in the module root; flags win.
`

// generateFlags are the flags of "crdgen generate".
type generateFlags struct {
	crd             crdFlags
	costReport      string
	conversionStyle *choice
	conversionTests optionalBool
}

func (f *generateFlags) register(fs *flag.FlagSet, cfg *config) {
	f.crd.register(fs, cfg)
	c := cfg
	if c == nil {
		c = &config{}
	}
	fs.StringVar(&f.costReport, "cost-report", c.resolve(c.CostReport), "write the CEL cost report to FILE")
	f.conversionStyle = &choice{allowed: []string{string(convgen.StyleMethods), string(convgen.StyleFunctions)}}
	if cc := c.Conversion; cc != nil {
		f.conversionStyle.value = cc.Style
		if cc.Tests != nil {
			f.conversionTests = optionalBool{set: true, value: *cc.Tests}
		}
	}
	fs.Var(f.conversionStyle, "conversion-style", "methods or functions")
	fs.Var(&f.conversionTests, "conversion-tests", "write the conversion round-trip tests")
}

func (a *app) generateCmd(args []string) int {
	cfg, err := a.findConfig()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	var f generateFlags
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	a.registerSuppress(fs, cfg)
	f.register(fs, cfg)
	patterns, code, ok := a.parseCommand(fs, args, generateUsage, cfg)
	if !ok {
		return code
	}
	a.format = f.crd.gen.format
	stop, err := f.crd.profile.start()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	defer stop()

	ph := newPhases()
	if f.crd.outputDir == "" {
		fmt.Fprintf(a.stderr, "crdgen generate: the output directory is empty; name one with -o\n\n%s", generateUsage)
		return exitUsage
	}
	if f.crd.outputDir == "-" {
		fmt.Fprintln(a.stderr, "crdgen generate: -o - (standard output) is for CRDs alone; use crdgen crd -o -")
		return exitUsage
	}
	outDir := a.abs(f.crd.outputDir)
	settings := f.crd.gen.settings()
	settings["costReport"], settings["conversionStyle"], settings["conversionTests"] = a.abs(f.costReport), f.conversionStyle.value, f.conversionTests.String()
	listing, err := a.list(patterns, f.crd.gen.tags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	cache := a.openCache(f.crd.noCache || f.crd.check || f.costReport == "-", []string{"generate", outDir, strings.Join(patterns, "\x00")}, settings, listing)
	if diags, ok := cache.hit(); ok {
		a.printDiags(diags)
		if f.crd.gen.verbose {
			ph.done("check")
			fmt.Fprintf(a.stderr, "crdgen: nothing changed since the last run: %s\n", ph)
		}
		return exitOK
	}
	f.crd.gen.costReport = f.costReport != ""
	mod, diags, err := a.load(listing, f.crd.gen)
	if err != nil || mod == nil {
		a.printDiags(diags)
		if err != nil {
			fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		}
		return exitFail
	}
	ph.done("load")
	out, diags, err := a.buildCRDs(patterns, mod, diags, f.crd.gen, ph)
	if out != nil {
		defer out.spool.close()
	}
	if err != nil {
		a.printDiags(diags)
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	opts := convgen.Options{Style: convgen.Style(f.conversionStyle.value)}
	if f.conversionTests.set {
		opts.Tests = &f.conversionTests.value
	}
	conv, cdiags := convgen.Generate(mod, opts)
	diags.Append(cdiags)
	diags = withoutConsequences(mod, diags)
	ph.done("conversion")
	if out == nil || conv == nil || diags.HasErrors() {
		return a.fail(diags, nil)
	}

	dirs := outputDirs(outDir, conv, a.abs(f.costReport), f.costReport != "" && f.costReport != "-")
	if !f.crd.check {
		cleanLeftovers(dirs)
	}
	p, err := a.planGenerate(f, out, conv)
	if err != nil {
		return a.fail(diags, err)
	}
	p.leftovers = leftovers(dirs)
	outputs := generateOutputs(outDir, out, conv, a.abs(f.costReport), f.costReport != "" && f.costReport != "-")
	if f.crd.check {
		if a.checkDrift(diags, p, a.fixCommand("generate", args)) {
			return exitFail
		}
		cache.record(outputs, []string{outDir}, diags)
		return exitOK
	}
	a.printDiags(diags)
	if err := a.apply(p); err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	if f.costReport == "-" {
		data, err := celcost.Render(out.cost, celcost.FormatText)
		if err == nil {
			_, err = a.stdout.Write(data)
		}
		if err != nil {
			return a.fail(nil, err)
		}
	}
	cache.record(outputs, []string{outDir}, diags)
	if f.crd.gen.verbose {
		total := len(out.files) + len(conv.Files)
		if f.costReport != "" {
			total++
		}
		a.printWritten(p, total)
		ph.done("write")
		fmt.Fprintf(a.stderr, "crdgen: %s\n", ph)
	}
	return exitOK
}

// planGenerate plans every output of generate: the CRD directory, the
// conversion files in their packages and the cost report.
func (a *app) planGenerate(f generateFlags, out *generated, conv *convgen.Result) (plan, error) {
	p, err := a.planDir(f.crd.outputDir, out.files, ownedCRDs(out.groups))
	if err != nil {
		return p, err
	}
	cp, err := a.planConversion(conv)
	if err != nil {
		return p, err
	}
	p.add(cp)
	if f.costReport != "" && f.costReport != "-" {
		path := a.abs(f.costReport)
		data, err := celcost.Render(out.cost, reportFormat(path))
		if err != nil {
			return p, err
		}
		rp, err := planFile(path, data, nil)
		if err != nil {
			return p, err
		}
		p.add(rp)
	}
	return p, nil
}

// generateOutputs lists every file generate is responsible for: the CRDs,
// the conversion files, the places a stale conversion file would be, and
// the cost report.
func generateOutputs(outDir string, out *generated, conv *convgen.Result, costReport string, hasReport bool) []string {
	var paths []string
	for name := range out.files {
		paths = append(paths, filepath.Join(outDir, name))
	}
	for _, p := range conv.Packages {
		paths = append(paths, filepath.Join(p.Dir, convgen.FileName), filepath.Join(p.Dir, convgen.TestFileName))
	}
	for _, f := range conv.Files {
		paths = append(paths, f.Path)
	}
	if hasReport {
		paths = append(paths, costReport)
	}
	return paths
}

// outputDirs are the directories generate writes into, where a killed
// run may have left staged files.
func outputDirs(outDir string, conv *convgen.Result, costReport string, hasReport bool) []string {
	dirs := []string{outDir}
	for _, p := range conv.Packages {
		dirs = append(dirs, p.Dir)
	}
	if hasReport {
		dirs = append(dirs, filepath.Dir(costReport))
	}
	return dirs
}

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
