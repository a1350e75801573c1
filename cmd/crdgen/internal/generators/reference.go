package generators

// This file implements the rows of the files made of the built CRDs: the
// JSON Schemas (pkg/jsonschema) and the API reference (pkg/apidocs).

import (
	"path/filepath"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/apidocs"
	"github.com/crdgen/crdgen/pkg/jsonschema"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
)

// DefaultJSONSchemaDir is where the JSON Schemas go when nothing says.
const DefaultJSONSchemaDir = "config/jsonschema"

// DefaultDocsDir is where the API reference goes when nothing says.
const DefaultDocsDir = "docs/api"

func jsonSchemaRow() *Generator {
	return &Generator{
		Name: "jsonschema", Doc: "a JSON Schema per kind and served version, for kubeconform and editors (jsonSchema in " + config.Name + ")",
		Needs:   Needs{CRDs: true},
		Section: "jsonSchema",
		On:      func(cfg *config.Config) bool { return cfg.JSONSchema != nil },
		run: func(in *Input) (*output.Set, markers.ErrorList, error) {
			set, err := JSONSchemas(in, JSONSchemaSettings(in.Config))
			return set, nil, err
		},
	}
}

func docsRow() *Generator {
	return &Generator{
		Name: "docs", Doc: "the API reference in Markdown (docs.outputDir in " + config.Name + ")",
		Needs:   Needs{CRDs: true},
		Section: "docs",
		On:      func(cfg *config.Config) bool { return cfg.Docs != nil && cfg.Docs.OutputDir != "" },
		run: func(in *Input) (*output.Set, markers.ErrorList, error) {
			dir, opts := DocsSettings(in.Config)
			set, err := Docs(in, in.Abs(dir), opts)
			return set, nil, err
		},
	}
}

// JSONSchemaOptions are the settings of the JSON Schema files.
type JSONSchemaOptions struct {
	Dir    string
	Layout *cli.Choice
	Strict bool
}

// JSONSchemaSettings are crdgen.yaml's settings of the JSON Schemas over
// the defaults.
func JSONSchemaSettings(cfg *config.Config) JSONSchemaOptions {
	f := JSONSchemaOptions{Dir: DefaultJSONSchemaDir, Layout: &cli.Choice{Value: string(jsonschema.LayoutKubeconform), Allowed: jsonschema.Layouts()}}
	if c := cfg.JSONSchema; c != nil {
		if c.OutputDir != "" {
			f.Dir = cfg.Resolve(c.OutputDir)
		}
		if c.Layout != "" {
			f.Layout.Value = c.Layout
		}
		f.Strict = c.Strict
	}
	return f
}

// jsonSchemaOwner is the owner of the JSON Schema files: those whose
// $comment says crdgen wrote them.
var jsonSchemaOwner = output.OwnedIf(jsonschema.Owned, "move it, or write the JSON Schemas to another directory")

// JSONSchemas are the JSON Schemas of every set's CRDs in the directory
// (dir/<set> with feature sets), where crdgen removes those it wrote that
// no kind and version makes any more.
func JSONSchemas(in *Input, f JSONSchemaOptions) (*output.Set, error) {
	out := &output.Set{}
	opts := jsonschema.Options{Layout: jsonschema.Layout(f.Layout.Value), Strict: f.Strict}
	for _, sr := range in.Results {
		crds, err := sr.Result.Objects()
		if err != nil {
			return nil, err
		}
		files, err := jsonschema.Generate(crds, opts)
		if err != nil {
			return nil, err
		}
		dir := in.Abs(f.Dir)
		if sr.Set != nil {
			dir = filepath.Join(dir, sr.Set.Name)
		}
		for _, file := range files {
			out.Put(filepath.Join(dir, filepath.FromSlash(file.Path)), pipeline.FileOf(file.Data), jsonSchemaOwner)
		}
		out.Stale = append(out.Stale, output.StaleTree(dir, ".json", func(_ string, data []byte) bool { return jsonschema.Owned(data) }))
	}
	return out, nil
}

// DocsSettings are crdgen.yaml's settings of the API reference over the
// defaults: its directory (relative to the working directory when it is
// the default), and its split.
func DocsSettings(cfg *config.Config) (string, apidocs.Options) {
	dir, opts := DefaultDocsDir, apidocs.Options{Split: apidocs.SplitGroupVersion}
	if d := cfg.Docs; d != nil {
		if d.OutputDir != "" {
			dir = cfg.Resolve(d.OutputDir)
		}
		if d.Split != "" {
			opts.Split = apidocs.Split(d.Split)
		}
	}
	return dir, opts
}

// docsOwner is the owner of the API reference's pages: those whose first
// line is crdgen's.
var docsOwner = output.OwnedIf(apidocs.Owned, "move it, or write the reference to another directory")

// Docs is the API reference of every set's CRDs in dir, where crdgen
// removes the Markdown files it wrote that the run no longer makes, and
// replaces no file it did not write.
func Docs(in *Input, dir string, opts apidocs.Options) (*output.Set, error) {
	var builds []apidocs.Build
	for _, sr := range in.Results {
		crds, err := sr.Result.WithObjects()
		if err != nil {
			return nil, err
		}
		builds = append(builds, apidocs.Build{Set: sr.Set, CRDs: crds})
	}
	files, err := apidocs.Generate(in.Model, builds, opts)
	if err != nil {
		return nil, err
	}
	out := &output.Set{}
	for _, f := range files {
		out.Put(filepath.Join(dir, f.Name), output.Bytes(f.Content), docsOwner)
	}
	out.Stale = append(out.Stale, output.Stale{Dir: dir, Ext: ".md", Own: func(_ string, data []byte) bool { return apidocs.Owned(data) }})
	return out, nil
}
