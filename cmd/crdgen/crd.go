package main

// This file implements "crdgen crd".

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crdgen/crdgen/pkg/schemagen"
)

// crdFlags are the flags of "crdgen crd".
type crdFlags struct {
	outputDir string
	check     bool
	noCache   bool
	gen       genOptions
	profile   profileFlags
}

// registerGen registers the flags every generating command shares, with
// the settings of crdgen.yaml (cfg, possibly nil) as their defaults, so that
// a flag given on the command line wins over the file.
func registerGen(fs *flag.FlagSet, o *genOptions, cfg *config) {
	registerGenNoFormat(fs, o, cfg)
	o.format = "text"
	format := &choice{value: "text", allowed: diagFormats()}
	fs.Var(funcValue{format, func() { o.format = format.value }}, "format", "diagnostics format: text, json or github")
}

// registerGenNoFormat is registerGen for commands whose --format is their
// report's (cost, diff).
func registerGenNoFormat(fs *flag.FlagSet, o *genOptions, cfg *config) {
	if cfg == nil {
		cfg = &config{}
	}
	o.unknownMarkers = "error"
	if cfg.UnknownMarkers != "" {
		o.unknownMarkers = cfg.UnknownMarkers
	}
	unknown := &choice{value: o.unknownMarkers, allowed: []string{"error", "warn"}}
	fs.Var(funcValue{unknown, func() { o.unknownMarkers = unknown.value }}, "unknown-markers", "error or warn: how to treat unknown and misplaced markers")
	fs.BoolVar(&o.allowDangerous, "allow-dangerous-types", orDefault(cfg.AllowDangerousTypes, false), "accept float32 and float64 fields")
	if cfg.MaxDescriptionLength != nil {
		o.maxDescLen = optionalInt{set: true, value: *cfg.MaxDescriptionLength}
	}
	fs.Var(&o.maxDescLen, "max-description-length", "truncate descriptions to N bytes (0 drops them)")
	fs.BoolVar(&o.omitVersion, "omit-version-annotation", orDefault(cfg.OmitVersionAnnotation, false), "do not write the "+schemagen.VersionAnnotation+" annotation")
	fs.BoolVar(&o.embeddedObjectMeta, "generate-embedded-object-meta", orDefault(cfg.GenerateEmbeddedObjectMeta, false), "describe metav1.ObjectMeta below the root (name, namespace, labels, annotations, finalizers)")
	o.kubeVersion = cfg.KubeVersion
	fs.Var(kubeVersionFlag{&o.kubeVersion}, "kube-version", "oldest Kubernetes version (X.Y) whose API server must accept the CEL rules (default: the newest crdgen knows)")
	fs.BoolVar(&o.verbose, "v", false, "print each file written and the time of each phase")
	o.tags = cfg.BuildTags
	fs.Var(tagList{&o.tags}, "tags", "build tags for the go command, comma-separated (added to those of GOFLAGS)")
}

func (f *crdFlags) register(fs *flag.FlagSet, cfg *config) {
	def := "config/crd/bases"
	if cfg != nil && cfg.OutputDir != "" {
		def = cfg.resolve(cfg.OutputDir)
	}
	fs.StringVar(&f.outputDir, "output-dir", def, "directory the CRD files go to")
	fs.StringVar(&f.outputDir, "o", def, "shorthand for --output-dir")
	fs.BoolVar(&f.check, "check", false, "write nothing; exit 1 and print a diff if any file would change")
	fs.BoolVar(&f.noCache, "no-cache", false, "do the whole run even when nothing changed since the last one")
	registerGen(fs, &f.gen, cfg)
	f.profile.register(fs)
}

const crdUsage = `Usage: crdgen crd [flags] PACKAGES...

Writes one CustomResourceDefinition per group and kind found in PACKAGES
(Go package patterns such as ./api/...) to DIR/<group>_<plural>.yaml.

Flags:
  -o, --output-dir DIR          where CRD files go (default config/crd/bases); - prints
                                them to standard output as one YAML stream instead
  --check                       write nothing; exit 1 and print a diff if any file would change
  --unknown-markers MODE        error (default) or warn
  --allow-dangerous-types       accept float32 and float64 fields
  --max-description-length N    truncate descriptions to N bytes (0 drops them)
  --omit-version-annotation     do not stamp the crdgen version on each CRD
  --generate-embedded-object-meta  describe a template's metav1.ObjectMeta (name, namespace,
                                labels, annotations, finalizers) instead of an empty object
  --kube-version X.Y            oldest Kubernetes whose API server must accept the CEL rules
  --tags TAG[,TAG]              build tags for the go command (added to those of GOFLAGS)
  --format text|json|github     how diagnostics are printed (default text)
  --suppress CODE[,CODE]        do not print warnings with these codes (errors always print)
  --no-cache                    do the whole run even when nothing changed since the last one
  -v                            print each file written and the time of each phase

Settings can also come from crdgen.yaml in the module root; flags win.
`

func (a *app) crdCmd(args []string) int {
	cfg, err := a.findConfig()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	var f crdFlags
	fs := flag.NewFlagSet("crd", flag.ContinueOnError)
	a.registerSuppress(fs, cfg)
	f.register(fs, cfg)
	patterns, code, ok := a.parseCommand(fs, args, crdUsage, cfg)
	if !ok {
		return code
	}
	a.format = f.gen.format
	stop, err := f.profile.start()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	defer stop()
	toStdout := f.outputDir == "-"
	if f.outputDir == "" {
		fmt.Fprintf(a.stderr, "crdgen crd: the output directory is empty; name one with -o (or - for standard output)\n\n%s", crdUsage)
		return exitUsage
	}
	if toStdout && f.check {
		fmt.Fprintln(a.stderr, "crdgen crd: --check compares files on disk; it does not go with -o - (standard output)")
		return exitUsage
	}
	ph := newPhases()
	outDir := a.abs(f.outputDir)
	listing, err := a.list(patterns, f.gen.tags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	cache := a.openCache(f.noCache || toStdout || f.check, []string{"crd", outDir, strings.Join(patterns, "\x00")}, f.gen.settings(), listing)
	if diags, ok := cache.hit(); ok {
		a.printDiags(diags)
		if f.gen.verbose {
			ph.done("check")
			fmt.Fprintf(a.stderr, "crdgen: nothing changed since the last run: %s\n", ph)
		}
		return exitOK
	}
	out, diags, err := a.generateListed(patterns, listing, f.gen, ph)
	if out != nil {
		defer out.spool.close()
	}
	if err != nil || out == nil || diags.HasErrors() {
		return a.fail(diags, err)
	}
	if toStdout {
		a.printDiags(diags)
		if err := a.printCRDs(out.files); err != nil {
			return a.fail(nil, err)
		}
		return exitOK
	}
	if !f.check {
		cleanLeftovers([]string{outDir})
	}
	p, err := a.planDir(f.outputDir, out.files, ownedCRDs(out.groups))
	if err != nil {
		return a.fail(diags, err)
	}
	p.leftovers = leftovers([]string{outDir})
	outputs := make([]string, 0, len(out.files))
	for name := range out.files {
		outputs = append(outputs, filepath.Join(outDir, name))
	}
	if f.check {
		if a.checkDrift(diags, p, a.fixCommand("crd", args)) {
			return exitFail
		}
		cache.record(outputs, []string{outDir}, diags)
		return exitOK
	}
	a.printDiags(diags)
	if err := a.apply(p); err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	cache.record(outputs, []string{outDir}, diags)
	if f.gen.verbose {
		a.printWritten(p, len(out.files))
		out.phases.done("write")
		fmt.Fprintf(a.stderr, "crdgen: %s\n", out.phases)
	}
	return exitOK
}

// parseCommand parses a command's flags and requires package patterns,
// from the command line or else crdgen.yaml (cfg may be nil). ok is false
// when the command should exit with code.
func (a *app) parseCommand(fs *flag.FlagSet, args []string, usage string, cfg *config) (patterns []string, code int, ok bool) {
	patterns, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(a.stdout, usage)
		return nil, exitOK, false
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen %s: %v\n\n%s", fs.Name(), err, usage)
		return nil, exitUsage, false
	}
	if len(patterns) == 0 && cfg != nil {
		patterns = cfg.patterns()
	}
	if len(patterns) == 0 {
		fmt.Fprintf(a.stderr, "crdgen %s: no packages given (on the command line or as packages in %s)\n\n%s", fs.Name(), ConfigName, usage)
		return nil, exitUsage, false
	}
	return patterns, exitOK, true
}

// printCRDs writes the CRDs to standard output in file name order, each a
// YAML document that starts with "---" (what controller-gen's output:stdout
// prints).
func (a *app) printCRDs(files map[string]output) error {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		data, err := files[name].bytes()
		if err != nil {
			return err
		}
		if _, err := a.stdout.Write(data); err != nil {
			return err
		}
	}
	return nil
}
