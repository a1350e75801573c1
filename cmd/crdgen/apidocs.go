package main

// This file implements "crdgen docs": the API reference in Markdown
// (pkg/apidocs) of the CRDs the pipeline builds; crdgen generate writes
// the same files through its docs generator.

import (
	"errors"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/pkg/apidocs"
)

func docsCommand() *app.Command {
	var outputDir string
	split := &cli.Choice{Value: string(apidocs.SplitGroupVersion), Allowed: apidocs.Splits()}
	return &app.Command{
		Name: "docs",
		About: `Usage: crdgen docs [flags] PACKAGES...

Builds the CRDs of PACKAGES as crdgen crd does and writes their API
reference in Markdown to DIR (by default docs/api): index.md, and one
file per group and version (<group>_<version>.md) or per kind (--split
kind). Each kind has its description, scope, names, versions,
subresources and printer columns; each type its schema reaches has a
table of its fields: type (linked), required or optional, default,
validation (bounds, enum values, pattern, format, list type and keys, CEL
rules with their messages) and description. With feature sets, one
reference says which sets have each kind, version, field and value.
Files crdgen wrote in DIR that the run no longer makes are removed; other
files there are left alone.
`,
		Builds:     true,
		DiagFormat: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			def, opts := generators.DocsSettings(cfg)
			split.Value = string(opts.Split)
			fs.StringVar(&outputDir, "output-dir", "DIR", def, "where the Markdown files go (docs.outputDir in "+config.Name+")")
			fs.Alias("o", "output-dir")
			fs.Var(split, "split", "group-version|kind", "one file per group and version, or one per kind")
			r.CheckFlag(fs)
		},
		Check: func(r *app.Request) error {
			switch outputDir {
			case "":
				return errors.New("-o is empty: name the directory the reference goes to (by default " + generators.DefaultDocsDir + ", or docs.outputDir in " + config.Name + ")")
			case "-":
				return errors.New("the reference is several files; name a directory with -o")
			}
			return nil
		},
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.Docs(b, outputDir, apidocs.Options{Split: apidocs.Split(split.Value)})
		},
	}
}
