package generators

// This file implements the rows of the CRDs and their conversions: the
// pipeline's CRD files in their directories (or openshift's layout), and
// convgen's conversion functions in their packages.

import (
	"fmt"
	"path/filepath"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/openshift"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/deepcopy"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// CRDFlags are the flags of the CRDs' build (registered on every command
// that builds them): the crd generator reads them.
func CRDFlags() []string {
	return []string{"allow-dangerous-types", "max-description-length", "omit-version-annotation", "generate-embedded-object-meta",
		"kube-version", "max-crd-bytes", "size-limits", "omit-descriptions", "cost-over-budget"}
}

func crdRow() *Generator {
	var dir string
	g := &Generator{
		Name: "crd", Doc: "one CRD per group and kind, DIR/<group>_<plural>.yaml (controller-gen's crd)",
		Needs: Needs{CRDs: true},
		// The cost report and the suites run first are generate's, of the
		// CRDs.
		Reads: append([]string{"output-dir", "cost-report", "test"}, CRDFlags()...),
		flags: func(fs *cli.FlagSet, d Defaults) {
			fs.StringVar(&dir, "output-dir", "DIR", d.Layout.CRDDir, "where CRD files go")
			fs.Alias("o", "output-dir")
		},
		check: func() error {
			switch dir {
			case "":
				return fmt.Errorf("the output directory is empty; name one with -o")
			case "-":
				return fmt.Errorf("-o - (standard output) is for CRDs alone; use crdgen crd -o -")
			}
			return nil
		},
	}
	g.run = func(in *Input) (*output.Set, markers.ErrorList, error) {
		set, err := CRDs(in, dir)
		return set, nil, err
	}
	return g
}

// CRDOwner is the owner of a CRD file: one CustomResourceDefinition (a
// file that holds any other document is a person's).
var CRDOwner = output.Manifests("the CRD", "CustomResourceDefinition")

// CRDs are the CRD files of every set, in its directory (dir without
// sets), and where crdgen removes those no set makes any more; in
// openshift's layout, its manifests. A directory where crdgen test reads
// suites is refused: the next run would read the CRDs as suites.
func CRDs(in *Input, dir string) (*output.Set, error) {
	out := &output.Set{}
	if in.OpenShift != nil {
		files, stale, err := openshift.Outputs(in.Results, in.Sets, in.OpenShift.Manifests)
		if err != nil {
			return nil, err
		}
		for path, f := range files {
			out.Put(path, f, CRDOwner)
		}
		out.Stale = stale
		return out, nil
	}
	for _, sr := range in.Results {
		d := SetDir(in, sr, dir)
		for _, s := range in.SuiteDirs {
			if output.Within(d, s) {
				return nil, fmt.Errorf("the CRDs would go to %s, inside %s, where crdgen test reads suites: choose another output directory", in.Rel(d), in.Rel(s))
			}
		}
		for name, f := range sr.Result.Files {
			out.Put(filepath.Join(d, name), f, CRDOwner)
		}
		out.Stale = append(out.Stale, output.Stale{Dir: d, Own: output.OwnedCRDs(schemagen.VersionAnnotation, sr.Result.Groups)})
	}
	return out, nil
}

// SetDir is where a result's CRDs go: its set's outputDir, or dir.
func SetDir(in *Input, sr pipeline.SetResult, dir string) string {
	if sr.Set != nil {
		return sr.Set.OutputDir
	}
	return in.Abs(dir)
}

func conversionRow() *Generator {
	var style *cli.Choice
	var tests *cli.OptionalBool
	g := &Generator{
		Name: "conversion", Doc: "the conversions of every kind with several versions, zz_generated.conversion.go in its packages",
		Section: "conversion",
		// Conversions crdgen wrote stay current in kubebuilder's layout,
		// whose make manifests generate does not list them.
		Keeps: true,
		Reads: []string{"conversion-style", "conversion-tests"},
		flags: func(fs *cli.FlagSet, d Defaults) {
			style, tests = ConversionFlags(fs, d, "conversion-")
		},
	}
	g.run = func(in *Input) (*output.Set, markers.ErrorList, error) {
		opts := ConversionOptions(style, tests)
		if !in.Asked("conversion") {
			opts.Kept = keptConversions(in)
		}
		if in.Asked("object") {
			// The DeepCopy this run writes makes the kinds runtime.Objects.
			opts.Objects = deepcopy.Objects(in.Model)
		}
		res, diags := Conversions(in, opts)
		if res == nil {
			return nil, diags, nil
		}
		return ConversionFiles(res), diags, nil
	}
	return g
}

// keptConversions reports whether a package holds a conversion file
// crdgen wrote (convgen.Owned): the conversions that stay current when
// conversion is not asked for. It reads through in.FS, so that the rerun
// record notes a file that comes or goes.
func keptConversions(in *Input) func(*model.Package) bool {
	return func(p *model.Package) bool {
		for _, name := range []string{convgen.FileName, convgen.TestFileName} {
			if data, err := in.FS.ReadFile(filepath.Join(p.Dir, name)); err == nil && convgen.Owned(data) {
				return true
			}
		}
		return false
	}
}

// ConversionSource reads the Go files convgen looks at (kubebuilder's
// stubs) through fsys, so that the rerun record notes them.
func ConversionSource(fsys safefile.FS) func(string) []byte {
	return func(path string) []byte {
		data, err := fsys.ReadFile(path)
		if err != nil {
			return nil
		}
		return data
	}
}

// ConversionFlags registers the flags of conversion generation, on crdgen
// conversion and (with the conversion- prefix) on crdgen generate, over
// crdgen.yaml's conversion section.
func ConversionFlags(fs *cli.FlagSet, d Defaults, prefix string) (*cli.Choice, *cli.OptionalBool) {
	style := &cli.Choice{Allowed: []string{string(convgen.StyleMethods), string(convgen.StyleFunctions)}}
	tests := &cli.OptionalBool{}
	if c := d.Config.Conversion; c != nil {
		style.Value = c.Style
		if c.Tests != nil {
			*tests = cli.OptionalBool{Valid: true, Value: *c.Tests}
		}
	}
	fs.Var(style, prefix+"style", "methods|functions", "the controller-runtime wiring: methods (Hub, ConvertTo, ConvertFrom) or functions; overrides +crdgen:conversion:style")
	fs.Var(tests, prefix+"tests", "BOOL", "write the round-trip tests (default true); overrides +crdgen:conversion:tests")
	return style, tests
}

// ConversionOptions are convgen's options of the flags.
func ConversionOptions(style *cli.Choice, tests *cli.OptionalBool) convgen.Options {
	opts := convgen.Options{Style: convgen.Style(style.Value)}
	if tests.Valid {
		opts.Tests = &tests.Value
	}
	return opts
}

// Conversions are the conversion functions of the model, judged by the
// versions' schemas: none in openshift's layout, where each version
// package makes a CRD of its own, with no other version to convert to.
func Conversions(in *Input, opts convgen.Options) (*convgen.Result, markers.ErrorList) {
	if in.OpenShift != nil {
		return &convgen.Result{Report: &convgen.Report{}}, nil
	}
	opts.Schemas = ConversionSchemas(in.Model, in.Results)
	opts.Source = ConversionSource(in.FS)
	return convgen.Generate(in.Model, opts)
}

// ConversionFiles are the generated files in their packages, and the
// generated conversion files no kind needs any more as stale. A file of the
// same name that crdgen did not write (conversion-gen's) is never replaced
// or removed.
func ConversionFiles(res *convgen.Result) *output.Set {
	out := &output.Set{}
	own := output.OwnedIf(convgen.Owned, "remove it to let crdgen write its conversions there")
	for _, f := range res.Files {
		out.Put(f.Path, pipeline.FileOf(f.Content), own)
	}
	for _, stub := range res.Adopted {
		// crdgen conversion --adopt: kubebuilder's stub goes, as long as
		// it is still the scaffold's text.
		out.Stale = append(out.Stale, output.Stale{Dir: filepath.Dir(stub.Path), Names: []string{filepath.Base(stub.Path)},
			Own: func(_ string, data []byte) bool { return stub.Same(data) }})
	}
	for _, pkg := range res.Packages {
		out.Stale = append(out.Stale, output.Stale{Dir: pkg.Dir, Names: []string{convgen.FileName, convgen.TestFileName},
			Own: func(_ string, data []byte) bool { return convgen.Owned(data) }})
	}
	return out
}
