package main

// This file implements "crdgen crd".

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// crdFlags are the flags of "crdgen crd".
type crdFlags struct {
	outputDir      string
	check          bool
	unknownMarkers choice
	allowDangerous bool
	maxDescLen     optionalInt
	omitVersion    bool
	profile        profileFlags
}

func (f *crdFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.outputDir, "output-dir", "config/crd/bases", "directory the CRD files go to")
	fs.StringVar(&f.outputDir, "o", "config/crd/bases", "shorthand for --output-dir")
	fs.BoolVar(&f.check, "check", false, "write nothing; exit 1 and print a diff if any file would change")
	f.unknownMarkers = choice{value: "error", allowed: []string{"error", "warn"}}
	fs.Var(&f.unknownMarkers, "unknown-markers", "error or warn: how to treat unknown and misplaced markers")
	fs.BoolVar(&f.allowDangerous, "allow-dangerous-types", false, "accept float32 and float64 fields")
	fs.Var(&f.maxDescLen, "max-description-length", "truncate descriptions to N bytes (0 drops them)")
	fs.BoolVar(&f.omitVersion, "omit-version-annotation", false, "do not write the "+schemagen.VersionAnnotation+" annotation")
	f.profile.register(fs)
}

const crdUsage = `Usage: crdgen crd [flags] PACKAGES...

Writes one CustomResourceDefinition per group and kind found in PACKAGES
(Go package patterns such as ./api/...) to DIR/<group>_<plural>.yaml.

Flags:
  -o, --output-dir DIR          where CRD files go (default config/crd/bases)
  --check                       write nothing; exit 1 and print a diff if any file would change
  --unknown-markers MODE        error (default) or warn
  --allow-dangerous-types       accept float32 and float64 fields
  --max-description-length N    truncate descriptions to N bytes (0 drops them)
  --omit-version-annotation     do not stamp the crdgen version on each CRD
`

func (a *app) crdCmd(args []string) int {
	var f crdFlags
	fs := flag.NewFlagSet("crd", flag.ContinueOnError)
	f.register(fs)
	patterns, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(a.stdout, crdUsage)
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen crd: %v\n\n%s", err, crdUsage)
		return exitUsage
	}
	if len(patterns) == 0 {
		fmt.Fprintf(a.stderr, "crdgen crd: no packages given\n\n%s", crdUsage)
		return exitUsage
	}
	stop, err := f.profile.start()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	defer stop()
	files, diags, err := a.generateCRDs(patterns, f)
	a.printDiags(diags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	if diags.HasErrors() {
		return exitFail
	}
	p, err := a.planDir(f.outputDir, files, isGeneratedCRD)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	if f.check {
		if a.printDrift(p, "crdgen crd "+strings.Join(args, " ")) {
			return exitFail
		}
		return exitOK
	}
	if err := a.apply(p); err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	return exitOK
}

// generateCRDs loads the packages, builds and validates every CRD, and
// renders them. It returns the files by name only when there is no error.
func (a *app) generateCRDs(patterns []string, f crdFlags) (map[string][]byte, markers.ErrorList, error) {
	sev := markers.Error
	if f.unknownMarkers.value == "warn" {
		sev = markers.Warning
	}
	model, diags, err := parser.Load(a.ctx, patterns, parser.Options{
		Dir:            a.dir,
		Opaque:         schemagen.IsKnownType,
		UnknownMarkers: sev,
	})
	if err != nil || model == nil {
		return nil, diags, err
	}
	// Marker problems leave the model usable (the bad markers are dropped), so
	// generation still runs and every problem is reported in one go.
	opts := schemagen.Options{AllowDangerousTypes: f.allowDangerous, ToolVersion: a.version}
	if f.omitVersion {
		opts.ToolVersion = ""
	}
	if f.maxDescLen.set {
		n := f.maxDescLen.value
		opts.MaxDescriptionLength = &n
	}
	crds, gdiags := schemagen.Generate(model, opts)
	diags.Append(gdiags)
	if diags.HasErrors() {
		return nil, diags, nil
	}
	if len(crds) == 0 {
		diags.Warnf(tokenPos(), markers.CodeCRD, "no kinds found in %s: a kind is a struct that embeds metav1.TypeMeta and metav1.ObjectMeta in a package with +groupName", strings.Join(patterns, " "))
	}
	// Encoding and the API server's validation are independent per CRD.
	v := schemagen.NewValidator()
	encoded := make([]schemagen.Encoded, len(crds))
	errs := make([]error, len(crds))
	found := make([]markers.ErrorList, len(crds))
	forEach(len(crds), func(i int) {
		encoded[i], errs[i] = schemagen.Encode(crds[i].Object)
		if errs[i] == nil {
			found[i] = v.Validate(crds[i], encoded[i])
		}
	})
	files := map[string][]byte{}
	for i, c := range crds {
		if errs[i] != nil {
			return nil, diags, errs[i]
		}
		diags.Append(found[i])
		files[c.FileName] = encoded[i].YAML
	}
	if diags.HasErrors() {
		return nil, diags, nil
	}
	return files, diags, nil
}
