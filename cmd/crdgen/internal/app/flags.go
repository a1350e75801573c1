package app

// This file implements a request's flags: the shared ones and the
// command's, --check, the usage text, and the flags that shape CRDs and
// the pipeline's options they make.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// register registers the shared flags and the command's.
func (r *Request) register(cfg *config.Config) {
	if cfg == nil {
		cfg = &config.Config{}
	}
	fs := cli.NewFlagSet(r.Cmd.Name)
	r.FS, r.Cfg = fs, cfg
	r.Format = "text"
	r.Cmd.Flags(r, fs, cfg)
	r.Sets = cfg.Sets()
	r.KnownGates = cfg.KnownGates()
	if cfg.Test != nil {
		for _, s := range cfg.Test.Suites {
			r.CfgSuites = append(r.CfgSuites, cfg.Resolve(s))
		}
		r.Harness = cfg.Test.Harness
	}
	if r.Cmd.Builds {
		r.CRD.register(fs, cfg)
	}
	if r.Cmd.DiagFormat {
		format := &cli.Choice{Value: "text", Allowed: markers.Formats()}
		fs.Var(cli.FuncValue{Choice: format, Fn: func() { r.Format = format.Value }}, "format", "text|json|github", "how diagnostics are printed")
	}
	r.UnknownMarkers = &cli.Choice{Value: "error", Allowed: []string{"error", "warn"}}
	if cfg.UnknownMarkers != "" {
		r.UnknownMarkers.Value = cfg.UnknownMarkers
	}
	fs.Var(r.UnknownMarkers, "unknown-markers", "MODE", "error or warn: what an unknown or misplaced marker is")
	r.Tags = cfg.BuildTags
	fs.Var(cli.TagList{Tags: &r.Tags}, "tags", "TAG[,TAG]", "build tags for the go command (added to those of GOFLAGS)")
	// Errors always print, since they stop crdgen from writing anything;
	// a project that must live with one changes the marker or the Go type
	// instead.
	for _, name := range cfg.Suppress {
		r.Suppress.Codes = append(r.Suppress.Codes, markers.Code(name))
	}
	fs.Var(&r.Suppress, "suppress", "CODE[,CODE]", "do not print warnings with these codes (errors always print); repeatable")
	fs.BoolVar(&r.NoCache, "no-cache", false, "use none of crdgen's caches: list, build and validate everything")
	fs.BoolVar(&r.Verbose, "v", false, "print each file written and the time of each phase")
	r.Profile.Register(fs)
}

// CheckFlag registers --check and --allow-outside, for a command that
// writes files.
func (r *Request) CheckFlag(fs *cli.FlagSet) {
	fs.BoolVar(&r.Check, "check", false, "write nothing; exit 1 and print a diff if any file would change, is missing, or should be removed")
	fs.Var(&r.AllowOutside, "allow-outside", "DIR",
		"a directory outside the project that outputs may be written in, through a symbolic link or where a marker or "+config.Name+" puts them (repeatable)")
}

// OutputDirFlag registers -o, --output-dir on fs: where the CRDs are, by
// default the layout's (config/crd/bases, crdgen.yaml's outputDir, or the
// kubebuilder project's config/crd/bases).
func (r *Request) OutputDirFlag(fs *cli.FlagSet, p *string, usage string) {
	fs.StringVar(p, "output-dir", "DIR", r.Layout.CRDDir, usage)
	fs.Alias("o", "output-dir")
}

// Usage is the command's usage text.
func (r *Request) Usage() string {
	text := r.Cmd.About + "\nFlags:\n" + r.FS.Lines()
	if r.Cmd.After != "" {
		text += "\n" + r.Cmd.After
	}
	return text + "\nSettings can also come from " + config.Name + " in the module root; flags win.\n"
}

// CRDFlags are the flags that shape the CRDs.
type CRDFlags struct {
	allowDangerous     bool
	maxDescLen         cli.OptionalInt
	omitVersion        bool
	embeddedObjectMeta bool
	kubeVersion        string
	k8sDependencies    string
	Size               SizeFlags
	CostOverBudget     string
}

func (f *CRDFlags) register(fs *cli.FlagSet, cfg *config.Config) {
	fs.BoolVar(&f.allowDangerous, "allow-dangerous-types", config.OrDefault(cfg.AllowDangerousTypes, false), "accept float32 and float64 fields (type: number)")
	if cfg.MaxDescriptionLength != nil {
		f.maxDescLen = cli.OptionalInt{Valid: true, Value: *cfg.MaxDescriptionLength}
	}
	fs.Var(&f.maxDescLen, "max-description-length", "N", "truncate descriptions to N bytes (0 drops them)")
	fs.BoolVar(&f.omitVersion, "omit-version-annotation", config.OrDefault(cfg.OmitVersionAnnotation, false), "do not stamp "+schemagen.VersionAnnotation+" on each CRD")
	fs.BoolVar(&f.embeddedObjectMeta, "generate-embedded-object-meta", config.OrDefault(cfg.GenerateEmbeddedObjectMeta, false),
		"describe a template's metav1.ObjectMeta (name, namespace, labels, annotations, finalizers) instead of an empty object")
	f.kubeVersion = cfg.KubeVersion
	fs.Var(cli.KubeVersion{V: &f.kubeVersion}, "kube-version", "X.Y", "oldest Kubernetes whose API server must accept the CEL rules (default: the newest crdgen knows)")
	deps := &cli.Choice{Value: "none", Allowed: config.K8sDependencies()}
	if d := cfg.DeclarativeValidation; d != nil && d.Dependencies != "" {
		deps.Value = d.Dependencies
	}
	f.k8sDependencies = deps.Value
	fs.Var(cli.FuncValue{Choice: deps, Fn: func() { f.k8sDependencies = deps.Value }}, "k8s-dependencies", "none|stable|all",
		"which +k8s: tags of declarative validation that controller-gen does not read apply in dependencies' types (k8s.io/api's): none, the stable ones, or all")
	f.Size.register(fs, cfg)
	cost := &cli.Choice{Value: "error", Allowed: []string{"error", "warn"}}
	if cfg.CostOverBudget != "" {
		cost.Value = cfg.CostOverBudget
	}
	f.CostOverBudget = cost.Value
	fs.Var(cli.FuncValue{Choice: cost, Fn: func() { f.CostOverBudget = cost.Value }}, "cost-over-budget", "MODE",
		"error or warn: what a CEL rule or schema over the API server's cost budget is (warn writes the CRD, for an older API server whose estimate is lower)")
}

// pipelineOptions are the options of the pipeline from the flags.
func (b *Build) pipelineOptions() pipeline.Options {
	r := b.Request
	f := r.CRD
	opts := pipeline.Options{
		Schema:      schemagen.Options{AllowDangerousTypes: f.allowDangerous, ToolVersion: r.Version, EmbeddedObjectMeta: f.embeddedObjectMeta},
		KubeVersion: f.kubeVersion,
		CostReport:  r.CostReport,
		// openshift's layout groups the sets' CRDs by their objects.
		KeepObjects:  r.KeepObjects || r.OpenShift != nil,
		CostWarn:     f.CostOverBudget == "warn",
		Patterns:     r.Patterns,
		MemoryBudget: r.MemoryBudget,
	}
	if v := b.Cache.Verdicts(); v != nil {
		opts.Verdicts = v
	}
	if r.UnknownMarkers.Value == "warn" {
		opts.Schema.MisplacedMarkers = markers.Warning
	}
	if f.omitVersion {
		opts.Schema.ToolVersion = ""
	}
	if v := f.k8sDependencies; v != "none" {
		opts.Schema.K8sDependencies = v
	}
	f.Size.apply(&opts.Schema)
	if f.maxDescLen.Valid {
		n := f.maxDescLen.Value
		opts.Schema.MaxDescriptionLength = &n
	}
	opts.Schema.OpenShift = b.openShiftOptions()
	return opts
}

// SizeFlags are --max-crd-bytes, --size-limits and --omit-descriptions.
type SizeFlags struct {
	maxBytes   cli.Bytes
	sizeLimits cli.Choice
	omit       cli.CheckedList
	// Report is set by crdgen size: a CRD over a limit is a warning there,
	// and the report says which.
	Report bool
}

func (f *SizeFlags) register(fs *cli.FlagSet, cfg *config.Config) {
	if cfg.MaxCRDBytes != nil {
		f.maxBytes = cli.Bytes{Valid: true, Value: int64(*cfg.MaxCRDBytes)}
	}
	fs.Var(&f.maxBytes, "max-crd-bytes", "SIZE",
		"trim descriptions below the top two levels of spec and status until each CRD's annotations, kubectl apply's included, fit SIZE (bytes, or 256KiB); a CRD that cannot fit is an error")
	f.sizeLimits = cli.Choice{Value: "error", Allowed: []string{"error", "warn"}}
	if cfg.SizeLimits != "" {
		f.sizeLimits.Value = cfg.SizeLimits
	}
	fs.Var(&f.sizeLimits, "size-limits", "MODE", "error or warn: what a CRD over etcd's default request limit (1.5 MiB as JSON) is")
	f.omit.Check = config.CheckOmit
	if cfg.Descriptions != nil {
		f.omit.Items = cfg.Descriptions.Omit
	}
	fs.Var(&f.omit, "omit-descriptions", "TYPE[,TYPE]",
		"leave out the descriptions of these types' schemas (import/path.Type, or import/path.* for a package), as +kubebuilder:skip:description does")
}

// apply sets the schema options of the flags.
func (f *SizeFlags) apply(opts *schemagen.Options) {
	if f.maxBytes.Valid {
		opts.MaxCRDBytes = f.maxBytes.Value
	}
	if f.sizeLimits.Value == "warn" || f.Report {
		opts.SizeLimits = markers.Warning
	}
	opts.OmitDescriptions = f.omit.Items
}

// Budget is --max-crd-bytes (0: none).
func (f *SizeFlags) Budget() int64 {
	if f.maxBytes.Valid {
		return f.maxBytes.Value
	}
	return 0
}
