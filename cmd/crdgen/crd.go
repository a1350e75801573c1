package main

// This file implements "crdgen crd": the CRDs, one file per group and kind.

import (
	"errors"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
)

func crdCommand() *app.Command {
	var outputDir string
	toStdout := func() bool { return outputDir == "-" }
	return &app.Command{
		Name: "crd",
		About: `Usage: crdgen crd [flags] PACKAGES...

Writes one CustomResourceDefinition per group and kind found in PACKAGES
(Go package patterns such as ./api/...) to DIR/<group>_<plural>.yaml, and
removes the CRD files there that crdgen wrote and no kind makes any more.
`,
		Builds:     true,
		DiagFormat: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			r.OutputDirFlag(fs, &outputDir, "where CRD files go; - prints them to standard output as one YAML stream instead")
			r.CheckFlag(fs)
		},
		Check: func(r *app.Request) error {
			switch {
			case outputDir == "":
				return errors.New("the output directory is empty; name one with -o (or - for standard output)")
			case toStdout() && r.Check:
				return errors.New("--check compares files on disk; it does not go with -o - (standard output)")
			}
			return r.CheckOutputDir()
		},
		Uncached: func(*app.Request) bool { return toStdout() },
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.CRDs(b, outputDir)
		},
	}
}
