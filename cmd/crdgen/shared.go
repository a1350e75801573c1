package main

// This file implements a load and a pipeline run that several commands
// share (the golden tests), and the flags that shape the CRDs.

import (
	"fmt"
	"slices"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// shared is a load, and a pipeline run, that several commands share: the
// golden tests run every command of a case on one (testdata/README.md). A
// command given one skips the list, the cache, the load and the pipeline;
// its flags must ask for the same packages and the same CRDs.
type shared struct {
	// loadKey and crdKey are the flags of the load and of the CRDs.
	loadKey, crdKey string
	mod             *model.Model
	// loadDiags are the load's diagnostics, diags the pipeline's.
	loadDiags, diags markers.ErrorList
	res              *pipeline.Result
	results          []setResult
	// configFile and setsDir, for a case with a crdgen.yaml, are the
	// harness's copy of it and where its feature sets write.
	configFile, setsDir string
}

// loadKey and crdKey identify what the flags ask to load and to build.
func (r *runState) loadKey() string {
	return fmt.Sprintf("%q %q %s", r.patterns, r.tags, r.unknownMarkers.value)
}

func (r *runState) crdKey() string { return fmt.Sprintf("%+v", r.crd) }

// useShared takes the shared load and pipeline run.
func (r *runState) useShared(s *shared) error {
	if r.loadKey() != s.loadKey || r.c.builds && r.crdKey() != s.crdKey {
		return fmt.Errorf("the commands that share a load must ask for the same packages and CRDs: %s %s, not %s %s", r.loadKey(), r.crdKey(), s.loadKey, s.crdKey)
	}
	r.mod, r.diags = s.mod, slices.Clone(s.loadDiags)
	if r.c.builds {
		r.res, r.results, r.diags = s.res, s.results, slices.Clone(s.diags)
	}
	return nil
}

// crdFlags are the flags that shape the CRDs.
type crdFlags struct {
	allowDangerous     bool
	maxDescLen         optionalInt
	omitVersion        bool
	embeddedObjectMeta bool
	kubeVersion        string
}

func (f *crdFlags) register(fs *flagSet, cfg *config) {
	fs.BoolVar(&f.allowDangerous, "allow-dangerous-types", orDefault(cfg.AllowDangerousTypes, false), "accept float32 and float64 fields (type: number)")
	if cfg.MaxDescriptionLength != nil {
		f.maxDescLen = optionalInt{set: true, value: *cfg.MaxDescriptionLength}
	}
	fs.Var(&f.maxDescLen, "max-description-length", "N", "truncate descriptions to N bytes (0 drops them)")
	fs.BoolVar(&f.omitVersion, "omit-version-annotation", orDefault(cfg.OmitVersionAnnotation, false), "do not stamp "+schemagen.VersionAnnotation+" on each CRD")
	fs.BoolVar(&f.embeddedObjectMeta, "generate-embedded-object-meta", orDefault(cfg.GenerateEmbeddedObjectMeta, false),
		"describe a template's metav1.ObjectMeta (name, namespace, labels, annotations, finalizers) instead of an empty object")
	f.kubeVersion = cfg.KubeVersion
	fs.Var(kubeVersionFlag{&f.kubeVersion}, "kube-version", "X.Y", "oldest Kubernetes whose API server must accept the CEL rules (default: the newest crdgen knows)")
}

// pipelineOptions are the options of the pipeline from the flags.
func (r *runState) pipelineOptions() pipeline.Options {
	f := r.crd
	opts := pipeline.Options{
		Schema:       schemagen.Options{AllowDangerousTypes: f.allowDangerous, ToolVersion: r.a.version, EmbeddedObjectMeta: f.embeddedObjectMeta},
		KubeVersion:  f.kubeVersion,
		CostReport:   r.costReport,
		KeepObjects:  r.keepObjects,
		Patterns:     r.patterns,
		MemoryBudget: r.a.memoryBudget,
	}
	if v := r.openVerdicts(); v != nil {
		opts.Verdicts = v
	}
	if r.unknownMarkers.value == "warn" {
		opts.Schema.MisplacedMarkers = markers.Warning
	}
	if f.omitVersion {
		opts.Schema.ToolVersion = ""
	}
	if f.maxDescLen.set {
		n := f.maxDescLen.value
		opts.Schema.MaxDescriptionLength = &n
	}
	return opts
}
