package app

// This file implements what the commands that write files or print a
// report make of a build: each command's one call.

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/apidocs"
	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/crdsize"
	"github.com/crdgen/crdgen/pkg/crtest"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// Generate is crdgen generate's outputs: with runTests the suites first
// (nothing is written when a case fails), then the table's generators,
// and the cost report when costReport names it.
func Generate(b *Build, table *generators.Table, costReport string, runTests bool) (*Outputs, error) {
	// A generator not asked for writes nothing and removes nothing:
	// --generators object alone leaves the CRDs and conversions as they
	// are, and the CRDs are not even built.
	if table.Needs().CRDs && !b.Results.Built() {
		return nil, nil
	}
	if runTests {
		t, err := Suites(b, slices.Clone(b.CfgSuites), &TestFlags{Format: &cli.Choice{Value: crtest.FormatText}})
		if err != nil || t.ExitCode != 0 {
			return t, err
		}
		if t.Failed {
			t.Failure = "a test case failed, so nothing was written (--test=false writes anyway)"
			return t, nil
		}
	}
	set, diags, err := table.Run(b.GeneratorInput())
	b.Diags.Append(diags)
	if err != nil {
		return nil, err
	}
	out := &Outputs{Set: *set}
	if costReport == "" || !table.Asked("crd") {
		return out, nil
	}
	return out, b.writeCostReport(out, costReport)
}

// writeCostReport adds the cost report to out: printed (-), or in a file
// (one per feature set, report.<set>.md).
func (b *Build) writeCostReport(out *Outputs, path string) error {
	if path == "-" {
		data, err := b.Results.CostReports(celcost.FormatText)
		out.Stdout = append(out.Stdout, pipeline.FileOf(data))
		return err
	}
	for _, sr := range b.Results {
		data, err := celcost.Render(sr.Result.Cost, reportFormat(path))
		if err != nil {
			return err
		}
		out.Put(b.Abs(perSet(path, sr.SetName())), pipeline.FileOf(data), costReportOwner)
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

// CRDs is crdgen crd's outputs: one file per group and kind in outputDir,
// or with "-" every CRD printed in file name order, each a YAML document
// that starts with "---" (what controller-gen's output:stdout prints).
func CRDs(b *Build, outputDir string) (*Outputs, error) {
	if !b.Results.Built() {
		return nil, nil
	}
	if outputDir == "-" {
		files := b.Results[0].Result.Files
		var out []pipeline.File
		for _, name := range slices.Sorted(maps.Keys(files)) {
			out = append(out, files[name])
		}
		return &Outputs{Stdout: out}, nil
	}
	set, err := generators.CRDs(b.GeneratorInput(), outputDir)
	if err != nil {
		return nil, err
	}
	return &Outputs{Set: *set}, nil
}

// Cost is crdgen cost's report, printed even when rules do not compile or
// are over budget, as long as the CRDs exist; it fails above failAbove.
func Cost(b *Build, format string, failAbove cli.Percent) (*Outputs, error) {
	if !b.Results.Built() {
		return nil, nil
	}
	data, err := b.Results.CostReports(format)
	if err != nil {
		return nil, err
	}
	out := &Outputs{Stdout: []pipeline.File{pipeline.FileOf(data)}, StdoutOnErrors: true}
	if most := b.Results.MaxCostPercent(); failAbove.Valid && most > failAbove.Value {
		out.Failure = fmt.Sprintf("a rule uses %.1f%% of its budget, above --fail-above=%s", most, failAbove.String())
	}
	return out, nil
}

// Size is crdgen size's report of every set's CRDs; it fails when a CRD
// is over a limit or cannot fit --max-crd-bytes.
func Size(b *Build, format string) (*Outputs, error) {
	if !b.Results.Built() {
		return nil, nil
	}
	var in []crdsize.Input
	for _, sr := range b.Results {
		for _, crd := range sr.Result.CRDs {
			data, err := sr.Result.Files[crd.FileName].Bytes()
			if err != nil {
				return nil, err
			}
			in = append(in, crdsize.Input{Object: crd.Object, File: crd.FileName, YAML: data, Set: sr.SetName(),
				Source: crd.Kinds[0].Type.Pos, Origins: crd.SizeOrigins()})
		}
	}
	rep, err := crdsize.Build(in, b.Rel)
	if err != nil {
		return nil, err
	}
	data, err := crdsize.Render(rep, format)
	if err != nil {
		return nil, err
	}
	out := &Outputs{Stdout: []pipeline.File{pipeline.FileOf(data)}}
	if over := rep.Over(b.CRD.Size.Budget()); over != "" {
		out.Failure = over
	}
	return out, nil
}

// Conversion is crdgen conversion's files, and with report (text or json)
// the lossiness report printed.
func Conversion(b *Build, opts convgen.Options, report string) (*Outputs, error) {
	res, diags := convgen.Generate(b.Model, opts)
	b.Diags.Append(diags)
	if res == nil {
		return nil, nil
	}
	out := &Outputs{Set: *generators.ConversionFiles(res)}
	if report != "" {
		data, err := res.Report.Render(report)
		if err != nil {
			return nil, err
		}
		out.Stdout = []pipeline.File{pipeline.FileOf(data)}
	}
	return out, nil
}

// JSONSchema is crdgen jsonschema's files.
func JSONSchema(b *Build, opts generators.JSONSchemaOptions) (*Outputs, error) {
	if !b.Results.Built() {
		return nil, nil
	}
	set, err := generators.JSONSchemas(b.GeneratorInput(), opts)
	if err != nil {
		return nil, err
	}
	return &Outputs{Set: *set}, nil
}

// Docs is crdgen docs' files, in outputDir.
func Docs(b *Build, outputDir string, opts apidocs.Options) (*Outputs, error) {
	if !b.Results.Built() {
		return nil, nil
	}
	set, err := generators.Docs(b.GeneratorInput(), b.Abs(outputDir), opts)
	if err != nil {
		return nil, err
	}
	return &Outputs{Set: *set}, nil
}
