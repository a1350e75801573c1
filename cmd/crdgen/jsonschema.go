package main

// This file implements "crdgen jsonschema": a JSON Schema per kind and
// served version, for kubeconform and yaml-language-server
// (pkg/jsonschema); crdgen generate writes the same files through its
// jsonschema generator.

import (
	"errors"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
)

func jsonSchemaCommand() *app.Command {
	var f generators.JSONSchemaOptions
	return &app.Command{
		Name: "jsonschema",
		About: `Usage: crdgen jsonschema [flags] PACKAGES...

Builds the CRDs of PACKAGES as crdgen generate does and writes a JSON Schema
(draft-07) of each kind and served version, for kubeconform and
yaml-language-server: DIR/<kind>_<version>.json (--layout kubeconform), or
DIR/<group>/<kind>_<version>.json (--layout catalog), lower case. The strict
variant refuses the unknown fields the API server would prune, as the server
does under kubectl's default field validation; the loose one accepts them.
CEL rules are carried as annotations and checked by nobody. With feature
sets, each set's files go to DIR/<set>.
`,
		Builds:     true,
		DiagFormat: true,
		Flags: func(r *app.Request, fs *cli.FlagSet, cfg *config.Config) {
			f = generators.JSONSchemaSettings(cfg)
			fs.StringVar(&f.Dir, "output-dir", "DIR", f.Dir, "where the JSON Schema files go")
			fs.Alias("o", "output-dir")
			fs.Var(f.Layout, "layout", "kubeconform|catalog", "kubeconform: <kind>_<version>.json; catalog: <group>/<kind>_<version>.json")
			fs.BoolVar(&f.Strict, "strict", f.Strict, "refuse unknown fields where the API server prunes them (additionalProperties: false)")
			r.CheckFlag(fs)
		},
		Check: func(r *app.Request) error {
			if f.Dir == "" || f.Dir == "-" {
				return errors.New("the output directory is empty or -; name one with -o")
			}
			return nil
		},
		Produce: func(b *app.Build) (*app.Outputs, error) {
			return app.JSONSchema(b, f)
		},
	}
}
