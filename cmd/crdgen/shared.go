package main

// This file implements the flags that shape the CRDs, and the pipeline's
// options they make.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// crdFlags are the flags that shape the CRDs.
type crdFlags struct {
	allowDangerous     bool
	maxDescLen         cli.OptionalInt
	omitVersion        bool
	embeddedObjectMeta bool
	kubeVersion        string
	size               sizeFlags
	costOverBudget     string
}

func (f *crdFlags) register(fs *cli.FlagSet, cfg *config.Config) {
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
	f.size.register(fs, cfg)
	cost := &cli.Choice{Value: "error", Allowed: []string{"error", "warn"}}
	if cfg.CostOverBudget != "" {
		cost.Value = cfg.CostOverBudget
	}
	f.costOverBudget = cost.Value
	fs.Var(cli.FuncValue{Choice: cost, Fn: func() { f.costOverBudget = cost.Value }}, "cost-over-budget", "MODE",
		"error or warn: what a CEL rule or schema over the API server's cost budget is (warn writes the CRD, for an older API server whose estimate is lower)")
}

// pipelineOptions are the options of the pipeline from the flags.
func (r *runState) pipelineOptions() pipeline.Options {
	f := r.crd
	opts := pipeline.Options{
		Schema:      schemagen.Options{AllowDangerousTypes: f.allowDangerous, ToolVersion: r.a.version, EmbeddedObjectMeta: f.embeddedObjectMeta},
		KubeVersion: f.kubeVersion,
		CostReport:  r.costReport,
		// openshift's layout groups the sets' CRDs by their objects.
		KeepObjects:  r.keepObjects || r.openshift != nil,
		CostWarn:     f.costOverBudget == "warn",
		Patterns:     r.patterns,
		MemoryBudget: r.a.memoryBudget,
	}
	if v := r.cache.Verdicts(); v != nil {
		opts.Verdicts = v
	}
	if r.unknownMarkers.Value == "warn" {
		opts.Schema.MisplacedMarkers = markers.Warning
	}
	if f.omitVersion {
		opts.Schema.ToolVersion = ""
	}
	f.size.apply(&opts.Schema)
	if f.maxDescLen.Valid {
		n := f.maxDescLen.Value
		opts.Schema.MaxDescriptionLength = &n
	}
	opts.Schema.OpenShift = r.openShiftOptions()
	return opts
}
