package main

// This file implements "crdgen size": the size report. It is a command of
// its own, not a section of crdgen cost's report, because it answers
// another question (will these CRDs install?) of other readers (whoever
// ships them: a Helm chart, kubectl apply), and it needs the CRD objects,
// where the cost report needs the CEL analysis.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/crdsize"
)

func sizeCommand() *app.Command {
	format := &cli.Choice{Value: crdsize.FormatText, Allowed: []string{crdsize.FormatText, crdsize.FormatJSON, crdsize.FormatMarkdown}}
	return &app.Command{
		Name: "size",
		About: `Usage: crdgen size [flags] PACKAGES...

Builds the CRDs of PACKAGES and reports their sizes against the limits they
meet: kubectl apply's last-applied annotation (the API server allows 256 KiB
of annotations), etcd's default request limit (1.5 MiB) and, for all CRDs
together, a Helm release (1 MiB). For each version it says how much of the
schema is descriptions, and which subtrees weigh most, with the Go type and
field each comes from.
`,
		After: `Exit status: 1 when a CRD is over etcd's default limit or cannot fit
--max-crd-bytes (over the annotation's limit is a warning); 2 for a wrong
command line.
`,
		Builds: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			fs.Var(format, "format", "text|json|markdown", "the report's format")
		},
		Check: func(r *app.Request) error {
			// The report needs the objects; a CRD over a limit is what it
			// is about, so it is reported, not an error that stops it.
			r.KeepObjects = true
			r.CRD.Size.Report = true
			return nil
		},
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.Size(b, format.Value)
		},
	}
}
