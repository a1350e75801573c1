package openshift

// This file implements openshift's layout of the manifests: each version
// package's CRDs in its manifests directory, named by
// +openshift:file-pattern, one file for the sets that agree.

import (
	"bytes"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
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

// Outputs are the CRD files of builds in openshift's layout, by path: in
// each version package's manifests directory (the section's manifests),
// where crdgen removes the manifests no set makes any more (the Stale
// entries). sets are all the run's feature sets.
func Outputs(builds pipeline.SetResults, sets []*featureset.Set, manifests string) (map[string]pipeline.File, []output.Stale, error) {
	files := map[string]pipeline.File{}
	byCRD, crds, err := variants(builds)
	if err != nil {
		return nil, nil, err
	}
	allFS := featureSets(sets)
	dirs := map[string]bool{}
	for _, key := range slices.Sorted(maps.Keys(byCRD)) {
		for _, f := range featureset.OpenShiftLayout(byCRD[key], allFS) {
			c := crds[key][f.Variant]
			dir := filepath.Join(c.Kinds[0].Package().Dir, manifests)
			data, err := crdyaml.Marshal(withLayout(c.Object, f))
			if err != nil {
				return nil, nil, err
			}
			// openshift's files are one document without a separator.
			data = bytes.TrimPrefix(data, []byte("---\n"))
			files[filepath.Join(dir, fileName(c, f.Suffix))] = pipeline.FileOf(data)
			dirs[dir] = true
		}
	}
	// A manifest no set makes any more is removed when it is a CRD of a
	// group the packages declare: never a person's file that happens to
	// end in .crd.yaml.
	groups := map[string]bool{}
	for _, b := range builds {
		if b.Result != nil {
			maps.Copy(groups, b.Result.Groups)
		}
	}
	var stale []output.Stale
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		stale = append(stale, output.Stale{Dir: dir, Own: output.OwnedCRDManifests(".crd.yaml", schemagen.VersionAnnotation, groups)})
	}
	return files, stale, nil
}

// variants are each CRD's variants (its CRD in each set that has it) and
// the CRDs, in the same order, by package directory and CRD name.
func variants(builds pipeline.SetResults) (map[string][]featureset.Variant, map[string][]*schemagen.CRD, error) {
	byCRD := map[string][]featureset.Variant{}
	crds := map[string][]*schemagen.CRD{}
	for _, b := range builds {
		for _, c := range b.Result.CRDs {
			key := c.Kinds[0].Package().Dir + "\x00" + c.Object.Name
			data, err := b.Result.Files[c.FileName].Bytes()
			if err != nil {
				return nil, nil, err
			}
			_, gated := c.Object.Annotations[featureGateAnnotation]
			byCRD[key] = append(byCRD[key], featureset.Variant{Set: b.Set, Key: string(data), FeatureGate: gated})
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

// featureSets are the feature sets of sets, each once, in order.
func featureSets(sets []*featureset.Set) []string {
	var out []string
	for _, s := range sets {
		if !slices.Contains(out, s.FeatureSet) {
			out = append(out, s.FeatureSet)
		}
	}
	return out
}
