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
	return &app.Command{
		Name: "conversion",
		About: `Usage: crdgen conversion [flags] PACKAGES...

For every kind with two or more versions in PACKAGES, writes the conversion
between each version and the storage version (the hub) into the version's
package as zz_generated.conversion.go, with a round-trip test beside it.
`,
		DiagFormat: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			r.CheckFlag(fs)
			fs.Var(report, "report", "text|json", "print the lossiness report")
			style, tests = generators.ConversionFlags(fs, generators.Defaults{Config: cfg, Layout: r.Layout}, "")
		},
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.Conversion(b, generators.ConversionOptions(style, tests), report.Value)
		},
	}
}
