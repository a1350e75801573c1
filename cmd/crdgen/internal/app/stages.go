package app

// This file holds the stages' values: the command a run is of, and the
// request, load, build and result each stage makes.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cache"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitFail  = 1 // input errors, or stale output under --check
	ExitUsage = 2 // the command line is wrong
)

// Command is one package command: its own flags, and the outputs it makes
// of a build. Everything else (crdgen.yaml, the shared flags, the caches,
// the load, the pipeline, the all-or-nothing write and --check) is the
// stages'.
type Command struct {
	Name string
	// About is the usage text above the flags: the synopsis and what the
	// command does. The flags are listed from the flag set.
	About string
	// After is the usage text below the flags, if any.
	After string
	// Builds says the command builds the CRDs: the pipeline runs, and the
	// flags that shape CRDs are the command's.
	Builds bool
	// Paths says the command's arguments are paths of its own (crdgen
	// validate's manifests), not packages: its packages come from
	// --packages or the layout's defaults, and a run may have none (then
	// nothing is loaded or built).
	Paths bool
	// NeedsCRDs, for a command that builds, says whether this run needs
	// the CRDs (nil: every run does); a run that does not builds none.
	NeedsCRDs func(r *Request) bool
	// DiagFormat says --format is how diagnostics are printed (a command
	// that prints a report has its own --format).
	DiagFormat bool
	// Flags registers the command's own flags; cfg is crdgen.yaml (empty
	// when there is none), whose settings are the defaults.
	Flags func(r *Request, fs *cli.FlagSet, cfg *config.Config)
	// Check refuses flags that do not go together (a usage error), and may
	// set the request's options from them.
	Check func(r *Request) error
	// Uncached says the rerun cache cannot stand in for this run (besides
	// --no-cache and --check, which no command caches).
	Uncached func(r *Request) bool
	// Slot returns what, besides the command, the working directory, the
	// packages and the flags, makes this run's outputs (the revision diff
	// compares with).
	Slot func(r *Request) ([]string, error)
	// Produce makes the outputs of a build (b.Results is empty for a
	// command that builds no CRDs, or a run that needs none); it may add
	// to b.Diags. nil outputs means there is nothing to make.
	Produce func(b *Build) (*Outputs, error)
	// Phase names the time Produce takes, for -v ("" counts it in the
	// write).
	Phase string
	// DefaultPackages are the packages when neither the command line nor
	// the layout names any (nil: that is a usage error).
	DefaultPackages []string
}

// Request is a run's settings: the command, its flags and crdgen.yaml.
type Request struct {
	*Env
	Cmd      *Command
	Args     []string
	Patterns []string
	// Paths are the arguments of a command whose arguments are paths
	// (Command.Paths), and Packages its --packages.
	Paths    []string
	Packages cli.StringList
	FS       *cli.FlagSet
	// Cfg is crdgen.yaml (empty when there is none).
	Cfg *config.Config
	// Layout is where the outputs go and what generate makes, before the
	// command line (crdgen.yaml over the defaults, kubebuilder's in a
	// kubebuilder project).
	Layout config.Layout
	// Reads records what the run reads besides the packages (crdgen.yaml,
	// suites, the previous CRDs), for the rerun record.
	Reads *cache.Inputs
	// Phases times the run's phases, for -v.
	Phases *pipeline.Phases

	// The shared flags.
	UnknownMarkers *cli.Choice
	Tags           []string
	NoCache        bool
	Verbose        bool
	Check          bool
	// AllowOutside are the directories outside the project the run may
	// write in (--allow-outside).
	AllowOutside cli.StringList
	Profile      cli.Profiles
	// Format is how diagnostics are printed (text, json or github), and
	// Suppress the codes of warnings not printed.
	Format   string
	Suppress cli.CodeSet
	// CRD are the flags that shape CRDs, for a command that builds them.
	CRD CRDFlags
	// CostReport and KeepObjects are pipeline options a command sets.
	CostReport, KeepObjects bool

	// Sets are crdgen.yaml's feature sets (none: one build, as ever), and
	// KnownGates the gates they and featureGates name.
	Sets       []*featureset.Set
	KnownGates []string
	// CfgSuites are crdgen.yaml's test.suites, resolved, and Harness
	// test.harness.
	CfgSuites []string
	Harness   string
	// OpenShift is crdgen.yaml's openshift section (nil: none).
	OpenShift *config.OpenShift
	// Generators are the generators the run asks for (nil: every one, for
	// a command that has no --generators): the load reports the problems
	// of the markers they read.
	Generators []string
	// AllFields loads what DeepCopy needs (parser.Options.AllFields), and
	// Comments what the apply configurations need (Options.Comments).
	AllFields, Comments bool
}

// Load is a request's packages, loaded.
type Load struct {
	*Request
	// Cache is crdgen's cache directory for the run (nil: caching off).
	Cache *cache.Dir
	// MainModules are the main modules' directories, from the listing.
	MainModules []string
	Model       *model.Model
	// Diags are the run's diagnostics so far: the load's, then the
	// pipeline's and the outputs'.
	Diags markers.ErrorList
	// rerun is the run's rerun record (nil: none).
	rerun *cache.Rerun
}

// Build is a load's CRDs, built: one result per feature set, or one with no
// set (none when the run builds no CRDs).
type Build struct {
	*Load
	Results pipeline.SetResults
	// osOverrides are the hand-written overrides openshift's section reads.
	osOverrides []schemagen.Override
	// builds remember each set's builds for the next run.
	builds []*cache.Builds
}

// Outputs are what a command makes: the files, by absolute path, where
// files no longer made are removed and which existing files may be
// replaced (output.Set), and what it prints and how it ends.
type Outputs struct {
	output.Set
	// Stdout is printed: after the files are written, or before the
	// differences under --check.
	Stdout []pipeline.File
	// StdoutOnErrors prints Stdout even when there are errors (the cost
	// report is most useful then).
	StdoutOnErrors bool
	// Stderr is printed on standard error after Stdout (a report that
	// Stdout's stream of objects leaves room for).
	Stderr string
	// Failure, when set, ends the run with exit code 1 after the outputs,
	// printing it (Failed does without a message).
	Failure string
	Failed  bool
	// ExitCode, when set, ends the run with it, after the diagnostics and
	// before any output (a malformed test suite is a usage error).
	ExitCode int
}

// Result is how a run ended, for the command to print, in this order:
// Before on standard output, Diags (in Format, without the Suppress codes)
// and Err ("crdgen: ERR") on standard error, Stdout on standard output,
// and Stderr on standard error. Code is the exit code.
type Result struct {
	Code     int
	Before   []byte
	Diags    markers.ErrorList
	Err      error
	Stdout   []byte
	Stderr   string
	Format   string
	Suppress []markers.Code
}
