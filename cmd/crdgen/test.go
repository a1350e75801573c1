package main

// This file implements "crdgen test": the CRDs' test suites, run in
// process through the API server's own code.

import (
	"slices"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/crtest"
)

func testCommand() *app.Command {
	var f app.TestFlags
	var initKind string
	return &app.Command{
		Name: "test",
		About: `Usage: crdgen test [flags] [PACKAGES...]

Builds the CRDs of PACKAGES in memory, as crdgen generate would (it writes
nothing), and runs their test suites through the API server's own code, in
process: decoding and field validation, pruning, defaulting, the OpenAPI
schema, CEL rules (transition rules on updates), ratcheting, metadata, and
the status and scale subresources. Suites are openshift/api's CRD test
suites; they are read from the tests directory beside each API version
(api/v1/tests/**/*.yaml), from test.suites in crdgen.yaml and from --suite.

With --init KIND, writes a starter suite for the kind instead: a minimal
valid object, and a failing case for each validation crdgen can derive.
`,
		After: `Exit status: 1 when a case fails, 2 for a malformed suite (at its line) or a
wrong command line.
`,
		Builds: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			f.Register(fs)
			fs.StringVar(&initKind, "init", "KIND", "", "write a starter suite for the kind (Kind, or Kind.group) and run nothing")
		},
		Check: func(r *app.Request) error {
			r.KeepObjects = true
			if f.Format.Value == crtest.FormatGitHub {
				r.Format = "github"
			}
			return f.Check()
		},
		Uncached: func(*app.Request) bool { return initKind != "" },
		Produce: func(b *app.Build) (*app.Outputs, error) {
			if initKind != "" {
				return app.Starter(b, initKind)
			}
			return app.Suites(b, append(slices.Clone(b.CfgSuites), f.Suites...), &f)
		},
	}
}
