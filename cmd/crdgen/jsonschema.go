package main

// This file implements "crdgen jsonschema": a JSON Schema per kind and
// served version, for kubeconform and yaml-language-server
// (pkg/jsonschema), and the same files from crdgen generate when
// crdgen.yaml has a jsonSchema section.

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/jsonschema"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// defaultJSONSchemaDir is where the files go when nothing says.
const defaultJSONSchemaDir = "config/jsonschema"

// jsonSchemaOwner is the owner of the JSON Schema files: those whose
// $comment says crdgen wrote them.
var jsonSchemaOwner = output.OwnedIf(jsonschema.Owned, "move it, or write the JSON Schemas to another directory")

// jsonSchemaFlags are the settings of the JSON Schema files.
type jsonSchemaFlags struct {
	dir    string
	layout *cli.Choice
	strict bool
}

// jsonSchemaSettings are crdgen.yaml's settings over the defaults.
func jsonSchemaSettings(cfg *config.Config) jsonSchemaFlags {
	f := jsonSchemaFlags{dir: defaultJSONSchemaDir, layout: &cli.Choice{Value: string(jsonschema.LayoutKubeconform), Allowed: jsonschema.Layouts()}}
	if c := cfg.JSONSchema; c != nil {
		if c.OutputDir != "" {
			f.dir = cfg.Resolve(c.OutputDir)
		}
		if c.Layout != "" {
			f.layout.Value = c.Layout
		}
		f.strict = c.Strict
	}
	return f
}

func jsonSchemaCommand() *command {
	var f jsonSchemaFlags
	return &command{
		name: "jsonschema",
		about: `Usage: crdgen jsonschema [flags] PACKAGES...

Builds the CRDs of PACKAGES as crdgen generate does and writes a JSON Schema
(draft-07) of each kind and served version, for kubeconform and
yaml-language-server: DIR/<kind>_<version>.json (--layout kubeconform), or
DIR/<group>/<kind>_<version>.json (--layout catalog), lower case. The strict
variant refuses the unknown fields the API server would prune, as the server
does under kubectl's default field validation; the loose one accepts them.
CEL rules are carried as annotations and checked by nobody. With feature
sets, each set's files go to DIR/<set>.
`,
		builds:     true,
		diagFormat: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			f = jsonSchemaSettings(cfg)
			fs.StringVar(&f.dir, "output-dir", "DIR", f.dir, "where the JSON Schema files go")
			fs.Alias("o", "output-dir")
			fs.Var(f.layout, "layout", "kubeconform|catalog", "kubeconform: <kind>_<version>.json; catalog: <group>/<kind>_<version>.json")
			fs.BoolVar(&f.strict, "strict", f.strict, "refuse unknown fields where the API server prunes them (additionalProperties: false)")
			r.checkFlag(fs)
		},
		check: func(r *runState) error {
			if f.dir == "" || f.dir == "-" {
				return errors.New("the output directory is empty or -; name one with -o")
			}
			return nil
		},
		produce: func(r *runState) (*outputs, error) {
			if !r.results.Built() {
				return nil, nil
			}
			out := newOutputs()
			return out, r.addJSONSchemas(out, f)
		},
	}
}

// jsonSchemaOutputs adds the JSON Schemas to generate's outputs when
// crdgen.yaml has a jsonSchema section; a problem ends the run with
// nothing written.
func (r *runState) jsonSchemaOutputs(out *outputs) {
	if r.cfg == nil || r.cfg.JSONSchema == nil {
		return
	}
	if err := r.addJSONSchemas(out, jsonSchemaSettings(r.cfg)); err != nil {
		fmt.Fprintf(r.a.stderr, "crdgen %s: %v\n", r.c.name, err)
		out.exitCode = exitFail
	}
}

// addJSONSchemas adds the JSON Schemas of every set's CRDs to out, in dir
// (dir/<set> with feature sets), and removes those crdgen wrote there that
// no kind and version makes any more.
func (r *runState) addJSONSchemas(out *outputs, f jsonSchemaFlags) error {
	opts := jsonschema.Options{Layout: jsonschema.Layout(f.layout.Value), Strict: f.strict}
	for _, sr := range r.results {
		crds, err := sr.Result.Objects()
		if err != nil {
			return err
		}
		files, err := jsonschema.Generate(crds, opts)
		if err != nil {
			return err
		}
		dir := r.a.abs(f.dir)
		if sr.Set != nil {
			dir = filepath.Join(dir, sr.Set.Name)
		}
		for _, file := range files {
			out.Put(filepath.Join(dir, filepath.FromSlash(file.Path)), pipeline.FileOf(file.Data), jsonSchemaOwner)
		}
		out.Stale = append(out.Stale, output.StaleTree(dir, ".json", func(_ string, data []byte) bool { return jsonschema.Owned(data) }))
	}
	return nil
}
