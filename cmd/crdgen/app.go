package main

// This file implements the command dispatch and the settings every
// subcommand shares.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
)

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // input errors, or stale output under --check
	exitUsage = 2 // the command line is wrong
)

// app is one invocation of crdgen: where it prints, which directory it works
// in, and the version it stamps on output. Tests build their own.
type app struct {
	ctx     context.Context
	stdout  io.Writer
	stderr  io.Writer
	dir     string
	version string
	// format is how diagnostics are printed (text, json or github); the
	// command sets it from its flags.
	format string
	// cacheDir is where the rerun cache lives: $CRDGEN_CACHE, "" for the
	// user cache directory, "off" for no cache.
	cacheDir string
	// suppress are the codes of warnings not to print (--suppress).
	suppress cli.CodeSet
	// writer applies the run's changes on disk (tests set its WriteFault).
	writer output.Writer
	// memoryBudget, set by tests, overrides how much YAML a run keeps in
	// memory before it spools the rest to disk.
	memoryBudget int64
	// configFile is the settings file: $CRDGEN_CONFIG, or "" to look for
	// crdgen.yaml from the working directory up to the module root.
	configFile string
}

func run(args []string, stdout, stderr io.Writer) int {
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "crdgen: %v\n", err)
		return exitFail
	}
	a := &app{ctx: context.Background(), stdout: stdout, stderr: stderr, dir: dir, version: buildVersion(), cacheDir: os.Getenv("CRDGEN_CACHE"),
		configFile: os.Getenv("CRDGEN_CONFIG")}
	return a.main(args)
}

// buildVersion is crdgen's version as its build says it (cli.Version).
func buildVersion() string { return cli.Version() }

const usage = `crdgen turns Go API types with +kubebuilder markers into CustomResourceDefinitions.

Usage:
  crdgen generate [flags] PACKAGES...
                                   write what --generators asks (crdgen generate -h lists them): CRDs,
                                   conversions, DeepCopy, RBAC, webhooks, apply configurations, ...
  crdgen crd [flags] PACKAGES...   write one CRD file per kind
  crdgen test [flags] PACKAGES...  run the CRDs' test suites through the API server's code, in process
  crdgen cost [flags] PACKAGES...  report what every CEL rule costs the API server
  crdgen size [flags] PACKAGES...  report the CRDs' sizes against kubectl apply's, etcd's and Helm's limits
  crdgen conversion [flags] PACKAGES...
                                   write conversion functions between a kind's versions
  crdgen diff [flags] PACKAGES...  check the CRDs against the previous ones for breaking changes
  crdgen jsonschema [flags] PACKAGES...
                                   write a JSON Schema per kind and version, for kubeconform and editors
  crdgen docs [flags] PACKAGES...  write the API reference in Markdown
  crdgen markers                   list every marker crdgen reads
  crdgen migrate [flags]           rewrite the project's controller-gen lines to run crdgen
  crdgen version                   print crdgen's version

Run "crdgen <command> -h" for a command's flags.
`

// packageCommand returns the package command of that name, or nil.
func packageCommand(name string) *command {
	for _, c := range packageCommands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// packageCommands are the commands that run on packages, in the order
// usage lists them.
func packageCommands() []*command {
	return []*command{generateCommand(), crdCommand(), testCommand(), costCommand(), sizeCommand(), conversionCommand(), diffCommand(), jsonSchemaCommand(), docsCommand()}
}

func (a *app) main(args []string) int {
	a.writer.Rel = a.rel
	if len(args) == 0 {
		fmt.Fprint(a.stderr, usage)
		return exitUsage
	}
	if c := packageCommand(args[0]); c != nil {
		return a.runCommand(c, args[1:])
	}
	switch args[0] {
	case "markers":
		return a.markersCmd(args[1:])
	case "migrate":
		return a.migrateCmd(args[1:])
	case "version":
		fmt.Fprintf(a.stdout, "crdgen %s\n", a.version)
		return exitOK
	case "help", "-h", "-help", "--help":
		fmt.Fprint(a.stdout, usage)
		return exitOK
	}
	fmt.Fprintf(a.stderr, "crdgen: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}

// rel makes a path relative to the working directory when it lies under it.
func (a *app) rel(path string) string {
	if path == "" || !filepath.IsAbs(path) {
		return path
	}
	r, err := filepath.Rel(a.dir, path)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return path
	}
	return r
}

// findConfig reads the run's crdgen.yaml ($CRDGEN_CONFIG, or found from
// the working directory up to the module root); nil when there is none.
func (a *app) findConfig(fsys safefile.FS) (*config.Config, error) {
	file := a.configFile
	if file != "" {
		file = a.abs(file)
	}
	return config.Find(a.dir, file, a.rel, fsys)
}

// abs resolves a path against the working directory.
func (a *app) abs(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(a.dir, path)
}
