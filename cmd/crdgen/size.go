package main

// This file implements "crdgen size": the size report. It is a command of
// its own, not a section of crdgen cost's report, because it answers
// another question (will these CRDs install?) of other readers (whoever
// ships them: a Helm chart, kubectl apply), and it needs the CRD objects,
// where the cost report needs the CEL analysis.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/crdsize"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

func sizeCommand() *command {
	format := &cli.Choice{Value: crdsize.FormatText, Allowed: []string{crdsize.FormatText, crdsize.FormatJSON, crdsize.FormatMarkdown}}
	return &command{
		name: "size",
		about: `Usage: crdgen size [flags] PACKAGES...

Builds the CRDs of PACKAGES and reports their sizes against the limits they
meet: kubectl apply's last-applied annotation (the API server allows 256 KiB
of annotations), etcd's default request limit (1.5 MiB) and, for all CRDs
together, a Helm release (1 MiB). For each version it says how much of the
schema is descriptions, and which subtrees weigh most, with the Go type and
field each comes from.
`,
		after: `Exit status: 1 when a CRD is over etcd's default limit or cannot fit
--max-crd-bytes (over the annotation's limit is a warning); 2 for a wrong
command line.
`,
		builds: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			fs.Var(format, "format", "text|json|markdown", "the report's format")
		},
		check: func(r *runState) error {
			// The report needs the objects; a CRD over a limit is what it
			// is about, so it is reported, not an error that stops it.
			r.keepObjects = true
			r.crd.size.report = true
			return nil
		},
		produce: func(r *runState) (*outputs, error) {
			if !r.results.Built() {
				return nil, nil
			}
			rep, err := r.sizeReport()
			if err != nil {
				return nil, err
			}
			data, err := crdsize.Render(rep, format.Value)
			if err != nil {
				return nil, err
			}
			out := &outputs{stdout: []pipeline.File{pipeline.FileOf(data)}}
			if over := rep.Over(r.crd.size.budget()); over != "" {
				out.failure = over
			}
			return out, nil
		},
	}
}

// sizeReport is the size report of every set's CRDs.
func (r *runState) sizeReport() (*crdsize.Report, error) {
	var in []crdsize.Input
	for _, sr := range r.results {
		for _, crd := range sr.Result.CRDs {
			data, err := sr.Result.Files[crd.FileName].Bytes()
			if err != nil {
				return nil, err
			}
			in = append(in, crdsize.Input{Object: crd.Object, File: crd.FileName, YAML: data, Set: sr.SetName(),
				Source: crd.Kinds[0].Type.Pos, Origins: crd.SizeOrigins()})
		}
	}
	return crdsize.Build(in, r.a.rel)
}
