package main

// This file implements "crdgen conversion".

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

const conversionUsage = `Usage: crdgen conversion [flags] PACKAGES...

For every kind with two or more versions in PACKAGES, writes the conversion
between each version and the storage version (the hub) into the version's
package as zz_generated.conversion.go, with a round-trip test beside it.

Flags:
  --check                 write nothing; exit 1 and print a diff if any file would change
  --report FORMAT         print the lossiness report: text or json
  --style STYLE           methods (Hub, ConvertTo, ConvertFrom) or functions; overrides +crdgen:conversion:style
  --tests BOOL            write the round-trip tests (default true); overrides +crdgen:conversion:tests
  --unknown-markers MODE  error (default) or warn
  --tags TAG[,TAG]        build tags for the go command (added to those of GOFLAGS)
  --format FORMAT         how diagnostics are printed: text (default), json or github
  --suppress CODE[,CODE]  do not print warnings with these codes (errors always print)
`

// conversionFlags are the flags of "crdgen conversion".
type conversionFlags struct {
	check          bool
	report         *choice
	style          *choice
	tests          optionalBool
	unknownMarkers *choice
	format         *choice
	tags           []string
}

// optionalBool is a boolean flag that knows whether it was set.
type optionalBool struct {
	set, value bool
}

func (b *optionalBool) String() string {
	if !b.set {
		return ""
	}
	return strconv.FormatBool(b.value)
}

func (b *optionalBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	b.set, b.value = true, v
	return nil
}

func (b *optionalBool) IsBoolFlag() bool { return true }

func (f *conversionFlags) register(fs *flag.FlagSet, cfg *config) {
	if cfg == nil {
		cfg = &config{}
	}
	f.report = &choice{allowed: []string{"text", "json"}}
	f.style = &choice{allowed: []string{string(convgen.StyleMethods), string(convgen.StyleFunctions)}}
	f.unknownMarkers = &choice{value: "error", allowed: []string{"error", "warn"}}
	if cfg.UnknownMarkers != "" {
		f.unknownMarkers.value = cfg.UnknownMarkers
	}
	if c := cfg.Conversion; c != nil {
		f.style.value = c.Style
		if c.Tests != nil {
			f.tests = optionalBool{set: true, value: *c.Tests}
		}
	}
	f.format = &choice{value: "text", allowed: diagFormats()}
	fs.Var(f.format, "format", "diagnostics format: text, json or github")
	fs.BoolVar(&f.check, "check", false, "write nothing; exit 1 and print a diff if any file would change")
	fs.Var(f.report, "report", "print the lossiness report: text or json")
	fs.Var(f.style, "style", "methods or functions")
	fs.Var(&f.tests, "tests", "write the round-trip tests")
	fs.Var(f.unknownMarkers, "unknown-markers", "error or warn")
	f.tags = cfg.BuildTags
	fs.Var(tagList{&f.tags}, "tags", "build tags for the go command, comma-separated (added to those of GOFLAGS)")
}

func (a *app) conversionCmd(args []string) int {
	cfg, err := a.findConfig()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	var f conversionFlags
	fs := flag.NewFlagSet("conversion", flag.ContinueOnError)
	a.registerSuppress(fs, cfg)
	f.register(fs, cfg)
	patterns, code, ok := a.parseCommand(fs, args, conversionUsage, cfg)
	if !ok {
		return code
	}
	a.format = f.format.value
	sev := markers.Error
	if f.unknownMarkers.value == "warn" {
		sev = markers.Warning
	}
	mod, diags, err := model.Load(a.ctx, patterns, model.Options{Dir: a.dir, BuildTags: f.tags, Opaque: schemagen.IsKnownType, UnknownMarkers: sev})
	if err != nil || mod == nil {
		a.printDiags(diags)
		if err != nil {
			fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		}
		return exitFail
	}
	opts := convgen.Options{Style: convgen.Style(f.style.value)}
	if f.tests.set {
		opts.Tests = &f.tests.value
	}
	res, cdiags := convgen.Generate(mod, opts)
	diags.Append(cdiags)
	diags = withoutConsequences(mod, diags)
	if diags.HasErrors() || res == nil {
		return a.fail(diags, nil)
	}
	if f.report.value != "" {
		if err := a.printConversionReport(res.Report, f.report.value); err != nil {
			return a.fail(diags, err)
		}
	}
	var dirs []string
	for _, pkg := range res.Packages {
		dirs = append(dirs, pkg.Dir)
	}
	if !f.check {
		cleanLeftovers(dirs)
	}
	p, err := a.planConversion(res)
	if err != nil {
		return a.fail(diags, err)
	}
	p.leftovers = leftovers(dirs)
	if f.check {
		if a.checkDrift(diags, p, a.fixCommand("conversion", args)) {
			return exitFail
		}
		return exitOK
	}
	a.printDiags(diags)
	if err := a.apply(p); err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	return exitOK
}

func (a *app) printConversionReport(r *convgen.Report, format string) error {
	if format == "text" {
		return r.WriteText(a.stdout)
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = a.stdout.Write(append(data, '\n'))
	return err
}

// planConversion plans writing the generated files into their packages and
// removing generated conversion files that no kind needs any more. A file
// of the same name that crdgen did not write (conversion-gen's) is never
// replaced or removed.
func (a *app) planConversion(res *convgen.Result) (plan, error) {
	var p plan
	want := map[string]bool{}
	for _, f := range res.Files {
		want[f.Path] = true
		q, err := planFile(f.Path, f.Content, nil)
		if err != nil {
			return p, err
		}
		for _, c := range q.write {
			if c.disk.exists && !ownGoFile(c.old) {
				first, _, _ := bytes.Cut(c.old, []byte("\n"))
				return p, fmt.Errorf("%s was not written by crdgen (it starts %q); remove it to let crdgen write its conversions there", a.rel(f.Path), first)
			}
		}
		p.add(q)
	}
	for _, pkg := range res.Packages {
		for _, name := range []string{convgen.FileName, convgen.TestFileName} {
			path := filepath.Join(pkg.Dir, name)
			if want[path] {
				continue
			}
			d, err := readOnDisk(path)
			if err != nil {
				return p, err
			}
			if d.target == path && ownGoFile(d.data) {
				p.remove = append(p.remove, fileChange{path: path, disk: d, old: d.data})
			}
		}
	}
	return p, nil
}

// ownGoFile reports whether a Go file is one crdgen generated.
func ownGoFile(data []byte) bool {
	return bytes.HasPrefix(data, []byte(convgen.Header+"\n"))
}
