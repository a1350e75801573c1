package app

// This file implements what crdgen validate makes of a build: the
// manifests it names judged against the build's CRDs and those of --crds,
// through the API server's own code, as a report.

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/previous"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/validate"
)

// ValidateFlags are crdgen validate's own flags.
type ValidateFlags struct {
	CRDs, Old        cli.StringList
	FieldValidation  *cli.Choice
	SkipUnknownKinds bool
	ShowDefaults     bool
	Set              string
	Format           *cli.Choice
}

// Register registers the flags on fs.
func (f *ValidateFlags) Register(fs *cli.FlagSet) {
	fs.Var(&f.CRDs, "crds", "PATH", "judge against the CRDs of these files or directories too (third-party CRDs); repeatable")
	fs.Var(&f.Old, "old", "PATH|git:REV", "the manifests as they were (files, directories, or git:REV for the manifests' paths at a git revision): an object of the same kind, namespace and name there is judged as an update (transition rules, ratcheting); repeatable")
	f.FieldValidation = &cli.Choice{Value: "strict", Allowed: []string{"strict", "warn", "ignore"}}
	fs.Var(f.FieldValidation, "field-validation", "MODE", "strict (kubectl's default: unknown and duplicate fields are errors), warn (warnings) or ignore, as the API server's modes")
	fs.BoolVar(&f.SkipUnknownKinds, "skip-unknown-kinds", false, "skip objects whose kind no CRD serves, rather than report them")
	fs.BoolVar(&f.ShowDefaults, "show-defaults", false, "print each valid object as the API server would store it (pruned, defaulted) on standard output, and the report on standard error")
	fs.StringVar(&f.Set, "set", "NAME", "", "judge against the CRDs of this feature set of "+"crdgen.yaml only (default: every set)")
	f.Format = &cli.Choice{Value: validate.FormatText, Allowed: []string{validate.FormatText, validate.FormatJSON, validate.FormatGitHub}}
	fs.Var(f.Format, "format", "text|json|github", "the report's format")
}

// Check refuses a run with nothing to judge. One with no packages and no
// --crds judges by the CRDs among the manifests.
func (f *ValidateFlags) Check(r *Request) error {
	r.KeepObjects = true
	if f.Format.Value == validate.FormatGitHub {
		r.Format = "github"
	}
	switch {
	case len(r.Paths) == 0:
		return errors.New("no manifests: name files, directories, or - for standard input")
	case f.Set != "" && len(r.Sets) == 0:
		return fmt.Errorf("--set %s: crdgen.yaml has no feature sets", f.Set)
	}
	if f.Set != "" {
		var names []string
		for _, s := range r.Sets {
			if s.Name == f.Set {
				return nil
			}
			names = append(names, s.Name)
		}
		if s := markers.Suggest(f.Set, names); s != "" {
			return fmt.Errorf("--set %s: no such feature set, did you mean %s?", f.Set, s)
		}
		return fmt.Errorf("--set %s: no such feature set (crdgen.yaml has %s)", f.Set, strings.Join(names, ", "))
	}
	return nil
}

// directive is the request's field validation directive.
func (f *ValidateFlags) directive() string {
	switch f.FieldValidation.Value {
	case "warn":
		return metav1.FieldValidationWarn
	case "ignore":
		return metav1.FieldValidationIgnore
	}
	return metav1.FieldValidationStrict
}

// Validate judges the manifests of the request's paths against the
// build's CRDs (per feature set) and those of --crds: the report, and
// whether an object is invalid.
func Validate(b *Build, f *ValidateFlags) (*Outputs, error) {
	lim := validate.DefaultLimits()
	out := &Outputs{}
	inputs, closeInputs, err := b.openManifests(b.Paths)
	if err != nil {
		b.Diags.Errorf(token.Position{}, markers.CodeManifest, "%v", err)
		out.ExitCode = ExitUsage
		return out, nil
	}
	defer closeInputs()
	old, closeOld, err := b.oldManifests(f.Old)
	if err != nil {
		b.Diags.Errorf(token.Position{}, markers.CodeManifest, "--old: %v", err)
		out.ExitCode = ExitUsage
		return out, nil
	}
	defer closeOld()
	crdFiles, closeCRDs, err := b.openManifests(f.CRDs)
	if err != nil {
		b.Diags.Errorf(token.Position{}, markers.CodeManifest, "--crds: %v", err)
		out.ExitCode = ExitUsage
		return out, nil
	}
	defer closeCRDs()
	fileCRDs, diags := validate.ReadCRDs(crdFiles, lim)
	b.Diags.Append(diags)
	catalogs := b.catalogs(fileCRDs, f.Set)
	rep := validate.Run(inputs, old, catalogs, validate.Options{FieldValidation: f.directive(),
		SkipUnknownKinds: f.SkipUnknownKinds, ShowDefaults: f.ShowDefaults, Limits: lim})
	report := validate.Render(rep, f.Format.Value, b.Rel)
	if f.ShowDefaults {
		out.Stdout = []pipeline.File{pipeline.FileOf(validate.Stored(rep, b.Rel))}
		out.Stderr = string(report)
	} else {
		out.Stdout = []pipeline.File{pipeline.FileOf(report)}
	}
	out.Failed = rep.Failed()
	return out, nil
}

// catalogs are the CRDs to judge by: each feature set's (or the one
// build's), or only set's, with the files' CRDs after them; the files'
// alone when nothing was built.
func (b *Build) catalogs(files []*apiextv1.CustomResourceDefinition, set string) []*validate.Catalog {
	var out []*validate.Catalog
	for _, sr := range b.Results {
		if set != "" && sr.SetName() != set {
			continue
		}
		var crds []*apiextv1.CustomResourceDefinition
		for _, c := range sr.Result.CRDs {
			if c.Object != nil {
				crds = append(crds, c.Object)
			}
		}
		out = append(out, validate.NewCatalog(sr.SetName(), append(crds, files...)))
	}
	if len(out) == 0 {
		out = append(out, validate.NewCatalog("", files))
	}
	return out
}

// oldManifests opens the manifests of --old: paths, or git:REV for the
// manifests' own paths as the revision has them.
func (b *Build) oldManifests(paths []string) ([]validate.Input, func(), error) {
	var local []string
	var inputs []validate.Input
	for _, p := range paths {
		ref, ok := strings.CutPrefix(p, "git:")
		if !ok {
			local = append(local, p)
			continue
		}
		var manifests []string
		for _, m := range b.Paths {
			if m != "-" {
				manifests = append(manifests, m)
			}
		}
		files, err := previous.Manifests(b.Ctx, b.Dir, ref, manifests)
		if err != nil {
			return nil, nil, err
		}
		for _, f := range files {
			inputs = append(inputs, validate.Input{Name: p + ":" + f.Path, R: bytes.NewReader(f.Data)})
		}
	}
	more, closeAll, err := b.openManifests(local)
	if err != nil {
		return nil, nil, err
	}
	return append(inputs, more...), closeAll, nil
}

// openManifests opens the manifests paths name (relative to the working
// directory; "-" is standard input).
func (b *Build) openManifests(paths []string) ([]validate.Input, func(), error) {
	abs := make([]string, len(paths))
	for i, p := range paths {
		abs[i] = p
		if p != "-" {
			abs[i] = b.Abs(p)
		}
	}
	files, err := validate.Find(abs)
	if err != nil {
		return nil, nil, err
	}
	return validate.Open(files, b.Stdin, "<stdin>", func(s string) string { return s })
}
