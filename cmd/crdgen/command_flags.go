package main

// This file implements a command's flags: the shared ones and its own,
// --check, the usage text, and parsing a command line into flags and
// package patterns.

import (
	"errors"
	"flag"
	"fmt"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/pkg/markers"
)

// register registers the shared flags and the command's.
func (r *runState) register(cfg *config.Config) *cli.FlagSet {
	if cfg == nil {
		cfg = &config.Config{}
	}
	fs := cli.NewFlagSet(r.c.name)
	r.fs, r.cfg = fs, cfg
	r.c.flags(r, fs, cfg)
	r.sets = cfg.Sets()
	r.knownGates = cfg.KnownGates()
	if cfg.Test != nil {
		for _, s := range cfg.Test.Suites {
			r.cfgSuites = append(r.cfgSuites, cfg.Resolve(s))
		}
		r.harness = cfg.Test.Harness
	}
	if r.c.builds {
		r.crd.register(fs, cfg)
	}
	if r.c.diagFormat {
		format := &cli.Choice{Value: "text", Allowed: markers.Formats()}
		r.a.format = format.Value
		fs.Var(cli.FuncValue{Choice: format, Fn: func() { r.a.format = format.Value }}, "format", "text|json|github", "how diagnostics are printed")
	}
	r.unknownMarkers = &cli.Choice{Value: "error", Allowed: []string{"error", "warn"}}
	if cfg.UnknownMarkers != "" {
		r.unknownMarkers.Value = cfg.UnknownMarkers
	}
	fs.Var(r.unknownMarkers, "unknown-markers", "MODE", "error or warn: what an unknown or misplaced marker is")
	r.tags = cfg.BuildTags
	fs.Var(cli.TagList{Tags: &r.tags}, "tags", "TAG[,TAG]", "build tags for the go command (added to those of GOFLAGS)")
	r.a.registerSuppress(fs, cfg)
	fs.BoolVar(&r.noCache, "no-cache", false, "use none of crdgen's caches: list, build and validate everything")
	fs.BoolVar(&r.verbose, "v", false, "print each file written and the time of each phase")
	r.profile.Register(fs)
	return fs
}

// checkFlag registers --check and --allow-outside, for a command that
// writes files.
func (r *runState) checkFlag(fs *cli.FlagSet) {
	fs.BoolVar(&r.check, "check", false, "write nothing; exit 1 and print a diff if any file would change, is missing, or should be removed")
	fs.Var(&r.allowOutside, "allow-outside", "DIR",
		"a directory outside the project that outputs may be written in, through a symbolic link or where a marker or "+config.Name+" puts them (repeatable)")
}

// usage is the command's usage text.
func (r *runState) usage() string {
	text := r.c.about + "\nFlags:\n" + r.fs.Lines()
	if r.c.after != "" {
		text += "\n" + r.c.after
	}
	return text + "\nSettings can also come from " + config.Name + " in the module root; flags win.\n"
}

// parseCommand parses a command's flags and requires package patterns,
// from the command line (where controller-gen's lists are read as
// cli.Patterns reads them) or else the defaults (the layout's: crdgen.yaml's
// packages, or a kubebuilder project's ./...). ok is false when the command
// should exit with code.
func (a *app) parseCommand(fs *cli.FlagSet, args []string, usage string, defaults []string) (patterns []string, code int, ok bool) {
	patterns, err := fs.ParseArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(a.stdout, usage)
		return nil, exitOK, false
	}
	if err == nil {
		patterns, err = cli.Patterns(patterns)
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "crdgen %s: %v\n\n%s", fs.Name(), err, usage)
		return nil, exitUsage, false
	}
	if len(patterns) == 0 {
		patterns = defaults
	}
	if len(patterns) == 0 {
		fmt.Fprintf(a.stderr, "crdgen %s: no packages given (on the command line or as packages in %s)\n\n%s", fs.Name(), config.Name, usage)
		return nil, exitUsage, false
	}
	return patterns, exitOK, true
}
