package main

// This file implements "crdgen conversion".

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

func conversionCommand() *command {
	var style *cli.Choice
	var tests *cli.OptionalBool
	report := &cli.Choice{Allowed: []string{"text", "json"}}
	var adopt string
	return &command{
		name: "conversion",
		about: `Usage: crdgen conversion [flags] PACKAGES...

For every kind with two or more versions in PACKAGES, writes the conversion
between each version and the storage version (the hub) into the version's
package as zz_generated.conversion.go, with a round-trip test beside it.
With --adopt KIND, the ConvertTo and ConvertFrom stub kubebuilder's
"create webhook --conversion" wrote for KIND is removed and crdgen's
conversion written instead, only while the stub is still the scaffold's
text (otherwise nothing is written, and the line that differs is named).
`,
		diagFormat: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			r.checkFlag(fs)
			fs.Var(report, "report", "text|json", "print the lossiness report")
			fs.StringVar(&adopt, "adopt", "KIND", "", "replace kubebuilder's conversion stub of KIND (its spokes' ConvertTo and ConvertFrom) with crdgen's conversion")
			style, tests = generators.ConversionFlags(fs, generators.Defaults{Config: cfg, Layout: r.layout}, "")
		},
		produce: func(r *runState) (*outputs, error) {
			opts := generators.ConversionOptions(style, tests)
			opts.Schemas = generators.ConversionSchemas(r.mod, r.results)
			opts.Source, opts.Adopt = generators.ConversionSource(r.reads), adopt
			res, diags := convgen.Generate(r.mod, opts)
			r.diags.Append(diags)
			if res == nil {
				return nil, nil
			}
			out := &outputs{Set: *generators.ConversionFiles(res)}
			if report.Value != "" {
				data, err := res.Report.Render(report.Value)
				if err != nil {
					return nil, err
				}
				out.stdout = []pipeline.File{pipeline.FileOf(data)}
			}
			return out, nil
		},
	}
}
