package main

// This file implements "crdgen crd".

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/crdgen/crdgen/pkg/schemagen"
)

// crdFlags are the flags of "crdgen crd".
type crdFlags struct {
	outputDir string
	check     bool
	gen       genOptions
	profile   profileFlags
}

// registerGen registers the flags every generating command shares.
func registerGen(fs *flag.FlagSet, o *genOptions) {
	unknown := &choice{value: "error", allowed: []string{"error", "warn"}}
	fs.Var(funcValue{unknown, func() { o.unknownMarkers = unknown.value }}, "unknown-markers", "error or warn: how to treat unknown and misplaced markers")
	fs.BoolVar(&o.allowDangerous, "allow-dangerous-types", false, "accept float32 and float64 fields")
	fs.Var(&o.maxDescLen, "max-description-length", "truncate descriptions to N bytes (0 drops them)")
	fs.BoolVar(&o.omitVersion, "omit-version-annotation", false, "do not write the "+schemagen.VersionAnnotation+" annotation")
	fs.Var(kubeVersionFlag{&o.kubeVersion}, "kube-version", "oldest Kubernetes version (X.Y) whose API server must accept the CEL rules (default: the newest crdgen knows)")
	fs.BoolVar(&o.verbose, "v", false, "print each file written and the time of each phase")
}

func (f *crdFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.outputDir, "output-dir", "config/crd/bases", "directory the CRD files go to")
	fs.StringVar(&f.outputDir, "o", "config/crd/bases", "shorthand for --output-dir")
	fs.BoolVar(&f.check, "check", false, "write nothing; exit 1 and print a diff if any file would change")
	registerGen(fs, &f.gen)
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
  --kube-version X.Y            oldest Kubernetes whose API server must accept the CEL rules
  -v                            print each file written and the time of each phase
`

func (a *app) crdCmd(args []string) int {
	var f crdFlags
	fs := flag.NewFlagSet("crd", flag.ContinueOnError)
	f.register(fs)
	patterns, code, ok := a.parseCommand(fs, args, crdUsage)
	if !ok {
		return code
	}
	stop, err := f.profile.start()
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	defer stop()
	out, diags, err := a.generate(patterns, f.gen)
	a.printDiags(diags)
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
		return exitFail
	}
	if out == nil || diags.HasErrors() {
		return exitFail
	}
	p, err := a.planDir(f.outputDir, out.files, isGeneratedCRD)
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
	if f.gen.verbose {
		a.printWritten(p, len(out.files))
		out.phases.done("write")
		fmt.Fprintf(a.stderr, "crdgen: %s\n", out.phases)
	}
	return exitOK
}

// parseCommand parses a command's flags and requires package patterns. ok
// is false when the command should exit with code.
func (a *app) parseCommand(fs *flag.FlagSet, args []string, usage string) (patterns []string, code int, ok bool) {
	patterns, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(a.stdout, usage)
		return nil, exitOK, false
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen %s: %v\n\n%s", fs.Name(), err, usage)
		return nil, exitUsage, false
	}
	if len(patterns) == 0 {
		fmt.Fprintf(a.stderr, "crdgen %s: no packages given\n\n%s", fs.Name(), usage)
		return nil, exitUsage, false
	}
	return patterns, exitOK, true
}
