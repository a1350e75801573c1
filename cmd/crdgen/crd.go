package main

// This file implements "crdgen crd": the CRDs, one file per group and kind.

import (
	"errors"
	"maps"
	"slices"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"

	"github.com/crdgen/crdgen/pkg/pipeline"
)

// outputDirFlag registers -o, --output-dir on fs: where the CRDs are, by
// default the layout's (config/crd/bases, crdgen.yaml's outputDir, or the
// kubebuilder project's config/crd/bases).
func (r *runState) outputDirFlag(fs *cli.FlagSet, p *string, usage string) {
	fs.StringVar(p, "output-dir", "DIR", r.layout.CRDDir, usage)
	fs.Alias("o", "output-dir")
}

func crdCommand() *command {
	var outputDir string
	toStdout := func() bool { return outputDir == "-" }
	return &command{
		name: "crd",
		about: `Usage: crdgen crd [flags] PACKAGES...

Writes one CustomResourceDefinition per group and kind found in PACKAGES
(Go package patterns such as ./api/...) to DIR/<group>_<plural>.yaml, and
removes the CRD files there that crdgen wrote and no kind makes any more.
`,
		builds:     true,
		diagFormat: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			r.outputDirFlag(fs, &outputDir, "where CRD files go; - prints them to standard output as one YAML stream instead")
			r.checkFlag(fs)
		},
		check: func(r *runState) error {
			switch {
			case outputDir == "":
				return errors.New("the output directory is empty; name one with -o (or - for standard output)")
			case toStdout() && r.check:
				return errors.New("--check compares files on disk; it does not go with -o - (standard output)")
			}
			return r.checkOutputDir()
		},
		uncached: func(*runState) bool { return toStdout() },
		produce: func(r *runState) (*outputs, error) {
			if !r.results.Built() {
				return nil, nil
			}
			if toStdout() {
				return &outputs{stdout: inFileOrder(r.results[0].Result.Files)}, nil
			}
			set, err := generators.CRDs(r.generatorInput(), outputDir)
			if err != nil {
				return nil, err
			}
			return &outputs{Set: *set}, nil
		},
	}
}

// inFileOrder lists the CRDs in file name order, as "crdgen crd -o -"
// prints them: each a YAML document that starts with "---" (what
// controller-gen's output:stdout prints).
func inFileOrder(files map[string]pipeline.File) []pipeline.File {
	var out []pipeline.File
	for _, name := range slices.Sorted(maps.Keys(files)) {
		out = append(out, files[name])
	}
	return out
}
