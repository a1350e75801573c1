package main

// This file implements "crdgen docs": the API reference in Markdown
// (pkg/apidocs) of the CRDs the pipeline builds, and the reference crdgen
// generate writes beside the CRDs when crdgen.yaml has docs.outputDir.

import (
	"errors"
	"path/filepath"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/apidocs"
)

func docsCommand() *command {
	var outputDir string
	split := &cli.Choice{Value: string(apidocs.SplitGroupVersion), Allowed: apidocs.Splits()}
	return &command{
		name: "docs",
		about: `Usage: crdgen docs [flags] PACKAGES...

Builds the CRDs of PACKAGES as crdgen crd does and writes their API
reference in Markdown to DIR: index.md, and one file per group and version
(<group>_<version>.md) or per kind (--split kind). Each kind has its
description, scope, names, versions, subresources and printer columns;
each type its schema reaches has a table of its fields: type (linked),
required or optional, default, validation (bounds, enum values, pattern,
format, list type and keys, CEL rules with their messages) and
description. With feature sets, one reference says which sets have each
kind, version, field and value. Files crdgen wrote in DIR that the run no
longer makes are removed; other files there are left alone.
`,
		builds:     true,
		diagFormat: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			def := ""
			if d := cfg.Docs; d != nil {
				def = cfg.Resolve(d.OutputDir)
				if d.Split != "" {
					split.Value = d.Split
				}
			}
			fs.StringVar(&outputDir, "output-dir", "DIR", def, "where the Markdown files go (docs.outputDir in "+config.Name+")")
			fs.Alias("o", "output-dir")
			fs.Var(split, "split", "group-version|kind", "one file per group and version, or one per kind")
			r.checkFlag(fs)
		},
		check: func(r *runState) error {
			switch outputDir {
			case "":
				return errors.New("the output directory is empty; name one with -o, or docs.outputDir in " + config.Name)
			case "-":
				return errors.New("the reference is several files; name a directory with -o")
			}
			return nil
		},
		produce: func(r *runState) (*outputs, error) {
			if !r.results.Built() {
				return nil, nil
			}
			out := newOutputs()
			return out, r.addDocs(out, r.a.abs(outputDir), apidocs.Options{Split: apidocs.Split(split.Value)})
		},
	}
}

// generateDocs adds the API reference to generate's outputs when
// crdgen.yaml asks for it (docs.outputDir). crdgen.yaml is read again
// here, rather than kept by the skeleton, so that generate's own code
// stays as it is.
func (r *runState) generateDocs(out *outputs) error {
	cfg, err := r.a.findConfig(r.reads)
	if err != nil || cfg == nil || cfg.Docs == nil || cfg.Docs.OutputDir == "" {
		return err
	}
	return r.addDocs(out, cfg.Resolve(cfg.Docs.OutputDir), apidocs.Options{Split: apidocs.Split(cfg.Docs.Split)})
}

// addDocs adds the API reference of every set's CRDs to out, in dir,
// where crdgen removes the Markdown files it wrote that the run no longer
// makes, and replaces no file it did not write.
func (r *runState) addDocs(out *outputs, dir string, opts apidocs.Options) error {
	var builds []apidocs.Build
	for _, sr := range r.results {
		crds, err := sr.Result.WithObjects()
		if err != nil {
			return err
		}
		builds = append(builds, apidocs.Build{Set: sr.Set, CRDs: crds})
	}
	files, err := apidocs.Generate(r.mod, builds, opts)
	if err != nil {
		return err
	}
	own := output.OwnedIf(apidocs.Owned, "move it, or write the reference to another directory")
	for _, f := range files {
		out.Put(filepath.Join(dir, f.Name), output.Bytes(f.Content), own)
	}
	out.Stale = append(out.Stale, output.Stale{Dir: dir, Ext: ".md", Own: func(_ string, data []byte) bool { return apidocs.Owned(data) }})
	return nil
}
