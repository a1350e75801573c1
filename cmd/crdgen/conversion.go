package main

// This file implements "crdgen conversion".

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
)

func conversionCommand() *app.Command {
	var style *cli.Choice
	var tests *cli.OptionalBool
	report := &cli.Choice{Allowed: []string{"text", "json"}}
	var adopt string
	return &app.Command{
		Name: "conversion",
		About: `Usage: crdgen conversion [flags] PACKAGES...

For every kind with two or more versions in PACKAGES, writes the conversion
between each version and the storage version (the hub) into the version's
package as zz_generated.conversion.go, with a round-trip test beside it.
With --adopt KIND, the ConvertTo and ConvertFrom stub kubebuilder's
"create webhook --conversion" wrote for KIND is removed and crdgen's
conversion written instead, only while the stub is still the scaffold's
text (otherwise nothing is written, and the line that differs is named).
`,
		DiagFormat: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			r.CheckFlag(fs)
			fs.Var(report, "report", "text|json", "print the lossiness report")
			fs.StringVar(&adopt, "adopt", "KIND", "", "replace kubebuilder's conversion stub of KIND (its spokes' ConvertTo and ConvertFrom) with crdgen's conversion")
			style, tests = generators.ConversionFlags(fs, generators.Defaults{Config: cfg, Layout: r.Layout}, "")
		},
		Produce: func(b *app.Build) (*app.Outputs, error) {
			opts := generators.ConversionOptions(style, tests)
			opts.Schemas = generators.ConversionSchemas(b.Model, b.Results)
			opts.Source, opts.Adopt = generators.ConversionSource(b.Reads), adopt
			return app.Conversion(b, opts, report.Value)
		},
	}
}
