package main

// This file implements "crdgen diff": the breaking-change check of the CRDs
// crdgen would write now against the previous ones, and the security lint.

import (
	"bytes"
	"errors"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/previous"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/crddiff"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

func diffCommand() *command {
	var outputDir, against string
	var allow cli.StringList
	format := &cli.Choice{Value: "text", Allowed: []string{"text", "json", "markdown", "github"}}
	return &command{
		name: "diff",
		about: `Usage: crdgen diff [flags] PACKAGES...

Compares the CRDs crdgen would write for PACKAGES with the previous ones and
classifies every change as breaking or safe, per version; also lints the new
CRDs (subtrees that keep unknown fields, strings read by CEL rules without a
maxLength). Exits 1 when a breaking change is not allowed.
`,
		builds: true,
		flags: func(r *runState, fs *cli.FlagSet, cfg *config.Config) {
			fs.StringVar(&against, "against", "DIR|git:REF", "", "the previous CRDs: a directory, or the output directory at a git revision (default: the output directory as it is)")
			r.outputDirFlag(fs, &outputDir, "where the CRDs live")
			fs.Var(&allow, "allow", "ID", "accept a breaking change: its check (field-removed) or its full id (field-removed:widgets.example.com/v1.spec.size); repeatable")
			fs.Var(format, "format", "text|json|markdown|github", "the report's format (github: workflow commands, and diagnostics too)")
		},
		check: func(r *runState) error {
			if format.Value == "github" {
				r.a.format = "github"
			}
			r.keepObjects = true
			if r.openshift != nil {
				return errors.New("crdgen diff does not read openshift's layout (the openshift section of " + config.Name + ") yet")
			}
			return r.checkOutputDir()
		},
		slot: func(r *runState) ([]string, error) {
			ref, ok := strings.CutPrefix(against, "git:")
			if !ok {
				return nil, nil
			}
			commit, err := previous.Commit(r.a.ctx, r.a.dir, ref)
			return []string{commit}, err
		},
		produce: func(r *runState) (*outputs, error) {
			if !r.results.Built() {
				return nil, nil
			}
			out := &outputs{}
			var sets []crddiff.SetEntries
			for _, sr := range r.results {
				dir, from := generators.SetDir(r.generatorInput(), sr, outputDir), against
				if sr.Set != nil && against != "" && !strings.HasPrefix(against, "git:") {
					from = filepath.Join(r.a.abs(against), sr.Set.Name)
				}
				old, err := previous.Read(r.a.ctx, r.a.dir, dir, from, r.reads)
				if err != nil {
					return nil, err
				}
				entries, failed := r.a.changes(old, sr.Result.CRDs, allow)
				out.failed = out.failed || failed
				sets = append(sets, crddiff.SetEntries{Set: sr.SetName(), Entries: entries})
			}
			var b bytes.Buffer
			if len(r.sets) == 0 {
				crddiff.Render(&b, sets[0].Entries, format.Value)
			} else if err := crddiff.RenderSets(&b, sets, format.Value); err != nil {
				return nil, err
			}
			out.stdout = []pipeline.File{pipeline.FileOf(b.Bytes())}
			return out, nil
		},
	}
}

// changes compares the CRDs with the previous ones and lints them, each
// change at its Go source, and reports whether a breaking change is not
// allowed.
func (a *app) changes(previous []*apiextv1.CustomResourceDefinition, crds []*schemagen.CRD, allow []string) ([]crddiff.Entry, bool) {
	next := make([]*apiextv1.CustomResourceDefinition, len(crds))
	byName := map[string]*schemagen.CRD{}
	for i, c := range crds {
		next[i] = c.Object
		byName[c.Object.Name] = c
	}
	return crddiff.Entries(previous, next, allow, func(crd, fieldPath string) token.Position {
		c := byName[crd]
		if c == nil {
			return token.Position{}
		}
		pos := c.Locate(fieldPath)
		pos.Filename = a.rel(pos.Filename)
		return pos
	})
}
