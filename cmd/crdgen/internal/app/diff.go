package app

// This file implements what crdgen diff makes of a build: the
// breaking-change check of its CRDs against the previous ones, and the
// security lint.

import (
	"bytes"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/generators"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/previous"
	"github.com/crdgen/crdgen/pkg/crddiff"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// DiffSlot is what a diff against a git revision depends on besides the
// packages: the commit the revision names.
func DiffSlot(r *Request, against string) ([]string, error) {
	ref, ok := strings.CutPrefix(against, "git:")
	if !ok {
		return nil, nil
	}
	commit, err := previous.Commit(r.Ctx, r.Dir, ref)
	return []string{commit}, err
}

// Diff compares each set's CRDs with the previous ones (against: a
// directory, git:REF, or "" for the output directory as it is) and renders
// the report in format; a breaking change allow does not name fails it.
func Diff(b *Build, outputDir, against string, allow []string, format string) (*Outputs, error) {
	if !b.Results.Built() {
		return nil, nil
	}
	out := &Outputs{}
	var sets []crddiff.SetEntries
	for _, sr := range b.Results {
		dir, from := generators.SetDir(b.GeneratorInput(), sr, outputDir), against
		if sr.Set != nil && against != "" && !strings.HasPrefix(against, "git:") {
			from = filepath.Join(b.Abs(against), sr.Set.Name)
		}
		old, err := previous.Read(b.Ctx, b.Dir, dir, from, b.Reads)
		if err != nil {
			return nil, err
		}
		entries, failed := b.changes(old, sr.Result.CRDs, allow)
		out.Failed = out.Failed || failed
		sets = append(sets, crddiff.SetEntries{Set: sr.SetName(), Entries: entries})
	}
	var buf bytes.Buffer
	if len(b.Sets) == 0 {
		crddiff.Render(&buf, sets[0].Entries, format)
	} else if err := crddiff.RenderSets(&buf, sets, format); err != nil {
		return nil, err
	}
	out.Stdout = []pipeline.File{pipeline.FileOf(buf.Bytes())}
	return out, nil
}

// changes compares the CRDs with the previous ones and lints them, each
// change at its Go source, and reports whether a breaking change is not
// allowed.
func (b *Build) changes(previous []*apiextv1.CustomResourceDefinition, crds []*schemagen.CRD, allow []string) ([]crddiff.Entry, bool) {
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
		pos.Filename = b.Rel(pos.Filename)
		return pos
	})
}
