package main

// This file implements "crdgen conversion".

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// conversionFlags are the flags of conversion generation, on "crdgen
// conversion" and (with the conversion- prefix) on "crdgen generate".
type conversionFlags struct {
	style *cli.Choice
	tests cli.OptionalBool
}

func (f *conversionFlags) register(fs *cli.FlagSet, cfg *config.Config, prefix string) {
	f.style = &cli.Choice{Allowed: []string{string(convgen.StyleMethods), string(convgen.StyleFunctions)}}
	if c := cfg.Conversion; c != nil {
		f.style.Value = c.Style
		if c.Tests != nil {
			f.tests = cli.OptionalBool{Valid: true, Value: *c.Tests}
		}
	}
	fs.Var(f.style, prefix+"style", "methods|functions", "the controller-runtime wiring: methods (Hub, ConvertTo, ConvertFrom) or functions; overrides +crdgen:conversion:style")
	fs.Var(&f.tests, prefix+"tests", "BOOL", "write the round-trip tests (default true); overrides +crdgen:conversion:tests")
}

func (f *conversionFlags) options() convgen.Options {
	opts := convgen.Options{Style: convgen.Style(f.style.Value)}
	if f.tests.Valid {
		opts.Tests = &f.tests.Value
	}
	return opts
}

func conversionCommand() *command {
	var conv conversionFlags
	report := &cli.Choice{Allowed: []string{"text", "json"}}
	return &command{
		name: "conversion",
		about: `Usage: crdgen conversion [flags] PACKAGES...

For every kind with two or more versions in PACKAGES, writes the conversion
between each version and the storage version (the hub) into the version's
package as zz_generated.conversion.go, with a round-trip test beside it.
`,
		diagFormat: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			r.checkFlag(fs)
			fs.Var(report, "report", "text|json", "print the lossiness report")
			conv.register(fs, cfg, "")
		},
		produce: func(r *runState) (*outputs, error) {
			res, diags := convgen.Generate(r.mod, conv.options())
			r.diags.Append(diags)
			if res == nil {
				return nil, nil
			}
			out := conversionOutputs(res)
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

// conversionOutputs are the generated files in their packages, and the
// generated conversion files no kind needs any more as stale. A file of the
// same name that crdgen did not write (conversion-gen's) is never replaced
// or removed.
func conversionOutputs(res *convgen.Result) *outputs {
	out := newOutputs()
	own := output.OwnedIf(convgen.Owned, "remove it to let crdgen write its conversions there")
	for _, f := range res.Files {
		out.Put(f.Path, pipeline.FileOf(f.Content), own)
	}
	for _, pkg := range res.Packages {
		out.Stale = append(out.Stale, output.Stale{Dir: pkg.Dir, Names: []string{convgen.FileName, convgen.TestFileName},
			Own: func(_ string, data []byte) bool { return convgen.Owned(data) }})
	}
	return out
}
