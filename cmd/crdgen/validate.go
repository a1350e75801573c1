package main

// This file implements "crdgen validate": manifests judged as the API
// server would judge them, through its own code, each problem at its
// line.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
)

func validateCommand() *app.Command {
	var f app.ValidateFlags
	return &app.Command{
		Name: "validate",
		About: `Usage: crdgen validate [flags] [PATH...|-]

Judges the manifests at PATH (YAML or JSON files, several documents to a
file, directories at any depth, - for standard input; List objects are
their items) as the API server would on a create, through the server's own
code, in process: strict field validation (unknown and duplicate fields),
pruning, defaulting, the schema, CEL rules with their cost limits, and
metadata. Each problem is printed at the file:line:col of its YAML node.

The CRDs are built from the project's API packages as crdgen generate
builds them (--packages, or packages in crdgen.yaml, or a kubebuilder
project's), for every feature set or --set's, read from --crds, and found
among the manifests (each judged as the server judges a CRD's create). An
object of a kind no CRD serves is an error (--skip-unknown-kinds skips it);
built-in kinds (Pod, Deployment) are skipped, with one line saying so.
With --old, an object of the same kind, namespace and name among the old
manifests makes the new one an update: transition rules (oldSelf) and
ratcheting, as the server does them.
`,
		After: `Exit status: 0 when every object is valid, 1 when one is not (or a manifest
cannot be read), 2 for a wrong command line or a path that does not exist.
`,
		Builds: true,
		Paths:  true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			f.Register(fs)
			r.PackagesFlag(fs, "the API packages whose CRDs to build (default: packages in crdgen.yaml, or a kubebuilder project's ./...); repeatable")
		},
		Check:    f.Check,
		Uncached: func(*app.Request) bool { return true },
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.Validate(b, &f)
		},
	}
}
