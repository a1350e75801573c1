package main

// This file implements the command dispatch: each package command is its
// flags and one call into the application (internal/app), whose result
// is printed here.

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
)

// Exit codes.
const (
	exitOK    = app.ExitOK
	exitFail  = app.ExitFail  // input errors, or stale output under --check
	exitUsage = app.ExitUsage // the command line is wrong
)

// invocation is one invocation of crdgen: where it prints, and the process
// its runs belong to (the directory, the version it stamps, the caches).
// Tests build their own.
type invocation struct {
	*app.Env
	stdout io.Writer
	stderr io.Writer
}

func run(args []string, stdout, stderr io.Writer) int {
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "crdgen: %v\n", err)
		return exitFail
	}
	env := &app.Env{Ctx: context.Background(), Dir: dir, Version: buildVersion(), CacheDir: os.Getenv("CRDGEN_CACHE"), ConfigFile: os.Getenv("CRDGEN_CONFIG"), Stdin: os.Stdin}
	return (&invocation{Env: env, stdout: stdout, stderr: stderr}).main(args)
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
  crdgen validate [flags] [PATH...|-]
                                   judge manifests as the API server would, each problem at its line
  crdgen markers                   list every marker crdgen reads
  crdgen lsp [crd flags]           serve the Language Server Protocol on standard input and output
  crdgen migrate [flags]           rewrite the project's controller-gen lines to run crdgen
  crdgen version                   print crdgen's version

Run "crdgen <command> -h" for a command's flags.
`

// packageCommand returns the package command of that name, or nil.
func packageCommand(name string) *app.Command {
	for _, c := range packageCommands() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// packageCommands are the commands that run on packages, in the order
// usage lists them.
func packageCommands() []*app.Command {
	return []*app.Command{generateCommand(), crdCommand(), testCommand(), costCommand(), sizeCommand(), conversionCommand(), diffCommand(), jsonSchemaCommand(), docsCommand(), validateCommand()}
}

func (a *invocation) main(args []string) int {
	a.Writer.Rel = a.Rel
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
	case "lsp":
		return a.lspCmd(args[1:])
	case "migrate":
		return a.migrateCmd(args[1:])
	case "version":
		fmt.Fprintf(a.stdout, "crdgen %s\n", a.Version)
		return exitOK
	case "help", "-h", "-help", "--help":
		fmt.Fprint(a.stdout, usage)
		return exitOK
	}
	fmt.Fprintf(a.stderr, "crdgen: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}

// runCommand runs a package command through the application's stages.
func (a *invocation) runCommand(c *app.Command, args []string) int {
	r, res := app.Prepare(a.Env, c, args)
	if res != nil {
		return a.print(res)
	}
	stop, err := r.Profile.Start()
	if err != nil {
		return a.print(&app.Result{Code: exitFail, Err: err})
	}
	defer stop()
	return a.print(app.Run(r))
}
