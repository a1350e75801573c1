package main

// This file implements "crdgen diff": the breaking-change check of the CRDs
// crdgen would write now against the previous ones, and the security lint.

import (
	"errors"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
)

func diffCommand() *app.Command {
	var outputDir, against string
	var allow cli.StringList
	format := &cli.Choice{Value: "text", Allowed: []string{"text", "json", "markdown", "github"}}
	return &app.Command{
		Name: "diff",
		About: `Usage: crdgen diff [flags] PACKAGES...

Compares the CRDs crdgen would write for PACKAGES with the previous ones and
classifies every change as breaking or safe, per version; also lints the new
CRDs (subtrees that keep unknown fields, strings read by CEL rules without a
maxLength). Exits 1 when a breaking change is not allowed.
`,
		Builds: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			fs.StringVar(&against, "against", "DIR|git:REF", "", "the previous CRDs: a directory, or the output directory at a git revision (default: the output directory as it is)")
			r.OutputDirFlag(fs, &outputDir, "where the CRDs live")
			fs.Var(&allow, "allow", "ID", "accept a breaking change: its check (field-removed) or its full id (field-removed:widgets.example.com/v1.spec.size); repeatable")
			fs.Var(format, "format", "text|json|markdown|github", "the report's format (github: workflow commands, and diagnostics too)")
		},
		Check: func(r *app.Request) error {
			if format.Value == "github" {
				r.Format = "github"
			}
			r.KeepObjects = true
			if r.OpenShift != nil {
				return errors.New("crdgen diff does not read openshift's layout (the openshift section of " + config.Name + ") yet")
			}
			return r.CheckOutputDir()
		},
		Slot: func(r *app.Request) ([]string, error) { return app.DiffSlot(r, against) },
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.Diff(b, outputDir, against, allow, format.Value)
		},
	}
}
