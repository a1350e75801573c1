package main

// This file implements crdgen.yaml's openshift section in a run: the
// feature sets and cluster profiles of openshift's FeatureGate manifests,
// the hand-written overrides of each version package, and openshift's
// layout: each version package's CRDs in its zz_generated.crd-manifests
// directory, named by +openshift:file-pattern, one file for the sets that
// agree.

import (
	"bytes"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/output"
	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/crdyaml"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Annotations openshift's layout writes.
const (
	featureSetAnnotation  = "release.openshift.io/feature-set"
	featureGateAnnotation = "release.openshift.io/feature-gate"
)

// readOpenShift reads the feature sets of crdgen.yaml's openshift section,
// if it has one: they replace featureSets.
func (r *runState) readOpenShift(cfg *config.Config) error {
	o := cfg.OpenShiftSettings()
	if o == nil {
		return nil
	}
	entries, err := r.reads.ReadDir(o.FeatureGates)
	if err != nil {
		return fmt.Errorf("openshift.featureGates: %w", err)
	}
	var manifests []featureset.FeatureGateManifest
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		path := filepath.Join(o.FeatureGates, e.Name())
		data, err := r.reads.ReadFile(path)
		if err != nil {
			return err
		}
		m, err := featureset.ReadFeatureGateManifest(data)
		if err != nil {
			return fmt.Errorf("%s: %v", r.a.rel(path), err)
		}
		manifests = append(manifests, m)
	}
	if len(manifests) == 0 {
		return fmt.Errorf("openshift.featureGates: %s holds no FeatureGate manifest", r.a.rel(o.FeatureGates))
	}
	sets, gates, err := featureset.OpenShiftSets(manifests)
	if err != nil {
		return fmt.Errorf("openshift.featureGates: %v", err)
	}
	r.openshift, r.sets, r.knownGates, r.keepObjects = o, sets, gates, true
	return nil
}

// readOverrides reads the hand-written overrides of the main module's API
// packages, for the pipeline.
func (r *runState) readOverrides() error {
	if r.openshift == nil {
		return nil
	}
	r.osOverrides = []schemagen.Override{}
	for _, p := range r.mod.Packages {
		if !p.Root || !p.Local || p.Dir == "" {
			continue
		}
		dir := filepath.Join(p.Dir, r.openshift.Overrides)
		crds, err := r.reads.ReadDir(dir)
		if err != nil {
			continue // no overrides
		}
		for _, crd := range crds {
			if !crd.IsDir() {
				continue
			}
			files, err := r.reads.ReadDir(filepath.Join(dir, crd.Name()))
			if err != nil {
				return err
			}
			for _, f := range files {
				if f.IsDir() || !strings.HasSuffix(f.Name(), ".yaml") {
					continue
				}
				path := filepath.Join(dir, crd.Name(), f.Name())
				data, err := r.reads.ReadFile(path)
				if err != nil {
					return err
				}
				js, err := yaml.YAMLToJSON(data)
				if err != nil {
					return fmt.Errorf("%s: %v", r.a.rel(path), err)
				}
				r.osOverrides = append(r.osOverrides, schemagen.Override{Dir: p.Dir, CRD: crd.Name(), Name: f.Name(), JSON: js})
			}
		}
	}
	return nil
}

// openShiftOptions are the schema options of openshift's builds (nil
// without the openshift section).
func (r *runState) openShiftOptions() *schemagen.OpenShift {
	if r.openshift == nil {
		return nil
	}
	return &schemagen.OpenShift{Overrides: r.osOverrides}
}

// openShiftOutputs are the CRD files in openshift's layout: in each
// version package's manifests directory, where crdgen removes the
// manifests no set makes any more.
func (r *runState) openShiftOutputs() (*outputs, error) {
	out := newOutputs()
	byCRD, crds, err := r.variants()
	if err != nil {
		return nil, err
	}
	allFS := r.allFeatureSets()
	dirs := map[string]bool{}
	for _, key := range slices.Sorted(maps.Keys(byCRD)) {
		for _, f := range featureset.OpenShiftLayout(byCRD[key], allFS) {
			c := crds[key][f.Variant]
			dir := filepath.Join(c.Kinds[0].Package().Dir, r.openshift.Manifests)
			data, err := crdyaml.Marshal(withLayout(c.Object, f))
			if err != nil {
				return nil, err
			}
			// openshift's files are one document without a separator.
			data = bytes.TrimPrefix(data, []byte("---\n"))
			out.Files[filepath.Join(dir, fileName(c, f.Suffix))] = pipeline.FileOf(data)
			dirs[dir] = true
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		out.Stale = append(out.Stale, output.Stale{Dir: dir, Own: func(name string, _ []byte) bool { return strings.HasSuffix(name, ".crd.yaml") }})
	}
	return out, nil
}

// variants are each CRD's variants (its CRD in each set that has it) and
// the CRDs, in the same order, by package directory and CRD name.
func (r *runState) variants() (map[string][]featureset.Variant, map[string][]*schemagen.CRD, error) {
	byCRD := map[string][]featureset.Variant{}
	crds := map[string][]*schemagen.CRD{}
	for _, sr := range r.results {
		for _, c := range sr.res.CRDs {
			key := c.Kinds[0].Package().Dir + "\x00" + c.Object.Name
			data, err := sr.res.Files[c.FileName].Bytes()
			if err != nil {
				return nil, nil, err
			}
			_, gated := c.Object.Annotations[featureGateAnnotation]
			byCRD[key] = append(byCRD[key], featureset.Variant{Set: sr.set, Key: string(data), FeatureGate: gated})
			crds[key] = append(crds[key], c)
		}
	}
	return byCRD, crds, nil
}

// withLayout is a copy of a CRD with a file's annotations: its cluster
// profiles and feature sets.
func withLayout(obj *apiextv1.CustomResourceDefinition, f featureset.LayoutFile) *apiextv1.CustomResourceDefinition {
	c := obj.DeepCopy()
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	for _, p := range f.Profiles {
		c.Annotations[featureset.ProfileAnnotation(p)] = "true"
	}
	if len(f.FeatureSets) > 0 {
		c.Annotations[featureSetAnnotation] = strings.Join(f.FeatureSets, ",")
	}
	if f.DropFeatureGate {
		delete(c.Annotations, featureGateAnnotation)
	}
	return c
}

// fileName names a CRD's file in openshift's layout, by the kind's
// +openshift:file-pattern: <cvoRunLevel>_<operatorName>_<operatorOrdering>_<plural><suffix>.crd.yaml,
// leaving out the parts it does not give (a run level only with the other
// two).
func fileName(c *schemagen.CRD, suffix string) string {
	p, _, _ := markers.First[markers.OpenShiftFilePattern](c.Kinds[0].Type.Markers)
	plural := c.Object.Spec.Names.Plural
	var parts []string
	switch {
	case p.CVORunLevel != "" && p.OperatorName != "" && p.OperatorOrdering != "":
		parts = []string{p.CVORunLevel, p.OperatorName, p.OperatorOrdering}
	case p.OperatorName != "" && p.OperatorOrdering != "":
		parts = []string{p.OperatorName, p.OperatorOrdering}
	case p.OperatorName != "":
		parts = []string{p.OperatorName}
	case p.OperatorOrdering != "":
		parts = []string{p.OperatorOrdering}
	}
	return strings.Join(append(parts, plural), "_") + suffix + ".crd.yaml"
}

// conversions are the conversion functions generate writes: none in
// openshift's layout, where each version package makes a CRD of its own,
// with no other version to convert to.
func (r *runState) conversions(opts convgen.Options) (*convgen.Result, markers.ErrorList) {
	if r.openshift != nil {
		return &convgen.Result{Report: &convgen.Report{}}, nil
	}
	return convgen.Generate(r.mod, opts)
}
