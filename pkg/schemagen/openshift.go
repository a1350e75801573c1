package schemagen

// This file implements building CRDs as openshift/api's generators build
// them (Options.OpenShift), for the sets read from its FeatureGate
// manifests. Its generators build each CRD once per feature gate the CRD's
// types name, with only that gate on (a partial manifest; one with no gate
// on unless the kind itself is gated; one per requiredFeatureGate list,
// with those gates on), and a set's CRD is the partials of the gates on in
// the set merged in order as server-side apply merges them: maps key by
// key, and lists (a node's required fields, enum, CEL rules) replaced
// whole, so that a later partial's list replaces an earlier one's. crdgen
// composes a set's CRD the same way from builds of its own (each a set
// with that gate alone on), then merges the hand-written overrides
// (Override) as openshift's generator does, and the result goes on to the
// API server's validation like any CRD.
//
// Every version package makes its own single-version CRD, and the CRDs are
// the +kubebuilder:object:root types of packages with a +groupName (the
// loader's kind rule): that is what makes a type a CRD there.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/crdmerge"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// OpenShift says how CRDs are built as openshift/api's generators build
// them.
type OpenShift struct {
	// Overrides are the hand-written manifests merged into the CRDs, in
	// any order (each CRD's are merged in openshift's order of their file
	// names).
	Overrides []Override
}

// Override is one hand-written manifest merged into a CRD: a file of
// <package>/manual-override-crd-manifests/<crd name>/.
type Override struct {
	// Dir is the directory of the version package whose CRD it is for, and
	// CRD that CRD's name.
	Dir, CRD string
	// Name is the file's name; its gates and cluster profiles are its
	// annotations, as openshift reads them.
	Name string
	// JSON is the manifest, as JSON.
	JSON []byte
}

// Annotations of openshift's manifests.
const (
	// mergedAnnotation marks a CRD merged from partial manifests.
	mergedAnnotation = "api.openshift.io/merged-by-featuregates"
	// gateAnnotationPrefix names a manifest's gates: <prefix><gate>, ""
	// for none.
	gateAnnotationPrefix = "feature-gate.release.openshift.io/"
	// ungatedFile names the partial manifest with no gate on.
	ungatedFile = "AAA_ungated"
)

// osPartial is one build a CRD is merged from: its file's name in
// openshift's layout (AAA_ungated, a gate, or gates joined with '+'), and
// the gates on in it.
type osPartial struct {
	name  string
	gates []string
}

// osPlan is how a plan's CRDs are composed: per item, the partials merged
// in the plan's set, and the builder of each partial.
type osPlan struct {
	partials [][]osPartial
	gens     map[string]*gen
}

// prepareOpenShift plans a model's CRDs as openshift builds them: one per
// kind version, in the sets where one of its partials is used. Each
// partial is built from the view with its gates on, which views keeps for
// every set's build.
func prepareOpenShift(m *model.Model, g *gen, views *Views) *Plan {
	p := &Plan{g: g, os: &osPlan{gens: map[string]*gen{}}}
	for _, group := range m.Groups {
		for _, v := range group.Versions {
			for _, k := range v.Kinds {
				used := g.usedPartials(k)
				if len(used) == 0 || markers.Has[markers.SkipVersion](k.Type.Markers) {
					continue
				}
				p.items = append(p.items, planItem{group: group, kinds: []*model.Kind{k}})
				p.os.partials = append(p.os.partials, used)
			}
		}
	}
	for i, item := range p.items {
		for _, part := range p.os.partials[i] {
			pg := p.os.gens[part.name]
			if pg == nil {
				pg = g.partialGen(views.withGates(part.name, part.gates))
				p.os.gens[part.name] = pg
			}
			pg.rawSchema(pg.view.kind(item.kinds[0]).Type)
		}
	}
	return p
}

// partialGen is a builder of a partial: the view with only its gates on.
func (g *gen) partialGen(v *View) *gen {
	opts := g.opts
	opts.Set = v.Set
	opts.OpenShift = nil
	return &gen{
		opts: opts, diags: g.diags, raw: map[*model.Type]*apiextv1.JSONSchemaProps{}, refs: map[string]*model.Type{},
		cycles: map[*model.Type]bool{}, localDirs: g.localDirs, view: v, describe: true,
	}
}

// usedPartials are the partials of a kind the plan's set merges, in
// openshift's order: those whose gates are all on, in the cluster profiles
// the kind's +kubebuilder:metadata annotations include it in. None means
// the set has no CRD of the kind.
func (g *gen) usedPartials(k *model.Kind) []osPartial {
	set := g.view.Set
	if !set.IncludesIn(metadataAnnotations(k.Type.Markers)) {
		return nil
	}
	var used []osPartial
	for _, part := range partialsOf(k) {
		if !slices.ContainsFunc(part.gates, func(gate string) bool { return !set.Holds(gate) }) {
			used = append(used, part)
		}
	}
	return used
}

// buildOpenShift composes the i-th CRD from its partials and overrides.
func (p *Plan) buildOpenShift(i int) (*CRD, markers.ErrorList) {
	var diags markers.ErrorList
	item := p.items[i]
	k := item.kinds[0]
	acc := map[string]any{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"annotations": map[string]any{mergedAnnotation: "true"}}}
	var built *CRD
	for _, part := range p.os.partials[i] {
		job := *p.os.gens[part.name]
		job.diags = &diags
		pk := job.view.kind(k)
		job.flat = map[*model.Kind]*apiextv1.JSONSchemaProps{pk: job.kindSchema(pk)}
		crd := job.buildCRD(item.group, []*model.Kind{pk})
		if crd == nil {
			continue
		}
		crd.Kinds = job.view.modelKinds(crd.Kinds)
		built = crd
		if err := mergeObject(acc, crd.Object); err != nil {
			diags.Errorf(k.Type.Pos, markers.CodeCRD, "%s: merging the partial %s: %v", k.Name, part.name, err)
		}
	}
	if built == nil {
		return nil, diags.Sorted()
	}
	name := built.Object.Name
	for _, o := range p.overridesOf(k, name) {
		var patch map[string]any
		if err := json.Unmarshal(o.JSON, &patch); err != nil {
			diags.Errorf(k.Type.Pos, markers.CodeCRD, "%s: the override %s: %v", name, o.Name, err)
			continue
		}
		crdmerge.Apply(acc, patch)
	}
	cleanAnnotations(acc)
	obj, err := toCRD(acc)
	if err != nil {
		diags.Errorf(k.Type.Pos, markers.CodeCRD, "%s: %v", name, err)
		return nil, diags.Sorted()
	}
	built.Object = obj
	built.FileName = fmt.Sprintf("%s_%s_%s.yaml", item.group.Name, k.Version.Name, obj.Spec.Names.Plural)
	return built, diags.Sorted()
}

// overridesOf are the overrides of a kind's CRD the plan's set uses, in
// openshift's order.
func (p *Plan) overridesOf(k *model.Kind, crd string) []Override {
	var out []Override
	for _, o := range p.g.opts.OpenShift.Overrides {
		if o.Dir != k.Package().Dir || o.CRD != crd {
			continue
		}
		var head struct {
			Metadata struct {
				Annotations map[string]string `json:"annotations"`
			} `json:"metadata"`
		}
		_ = json.Unmarshal(o.JSON, &head)
		if set := p.g.view.Set; set.IncludesIn(head.Metadata.Annotations) && set.Holds(featureset.AllOf(manifestGates(head.Metadata.Annotations)...)) {
			out = append(out, o)
		}
	}
	names := make([]string, len(out))
	for i, o := range out {
		names[i] = strings.TrimSuffix(o.Name, ".yaml")
	}
	order := mergeOrder(names)
	sorted := make([]Override, len(out))
	for i, j := range order {
		sorted[i] = out[j]
	}
	return sorted
}

// manifestGates are the gates a manifest's annotations name ("" for
// none).
func manifestGates(annotations map[string]string) []string {
	var out []string
	for k := range annotations {
		if gate, ok := strings.CutPrefix(k, gateAnnotationPrefix); ok && gate != "" {
			out = append(out, gate)
		}
	}
	slices.Sort(out)
	return out
}

// mergeObject merges a built CRD into the composed one. A partial has the
// subresources openshift's generator writes: status, when the kind has
// +kubebuilder:subresource:status, and no other (its overrides add scale).
func mergeObject(acc map[string]any, obj *apiextv1.CustomResourceDefinition) error {
	obj = obj.DeepCopy()
	for i := range obj.Spec.Versions {
		v := &obj.Spec.Versions[i]
		if v.Subresources != nil && v.Subresources.Status != nil {
			v.Subresources = &apiextv1.CustomResourceSubresources{Status: v.Subresources.Status}
		} else {
			v.Subresources = nil
		}
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	delete(m, "status")
	crdmerge.Apply(acc, m)
	return nil
}

// toCRD reads the composed CRD back.
func toCRD(acc map[string]any) (*apiextv1.CustomResourceDefinition, error) {
	data, err := json.Marshal(acc)
	if err != nil {
		return nil, err
	}
	var obj apiextv1.CustomResourceDefinition
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, fmt.Errorf("the merged CRD does not read back: %v", err)
	}
	return &obj, nil
}

// cleanAnnotations removes what openshift's generator removes after the
// merge: its partials' bookkeeping (file names, gates, cluster profiles),
// and each annotation an override names with a trailing '-' (with that
// annotation).
func cleanAnnotations(acc map[string]any) {
	meta, _ := acc["metadata"].(map[string]any)
	ann, _ := meta["annotations"].(map[string]any)
	for k := range ann {
		for _, prefix := range []string{"api.openshift.io/filename", gateAnnotationPrefix, featureset.ProfilePrefix, "partial-filename.release.openshift.io/"} {
			if strings.HasPrefix(k, prefix) {
				delete(ann, k)
			}
		}
	}
	for k := range ann {
		if drop, ok := strings.CutSuffix(k, "-"); ok {
			delete(ann, drop)
			delete(ann, k)
		}
	}
}

// applyOpenShiftAnnotation sets the annotation an OpenShift marker gives
// a CRD.
func applyOpenShiftAnnotation(obj *apiextv1.CustomResourceDefinition, v any) {
	if obj.Annotations == nil {
		obj.Annotations = map[string]string{}
	}
	switch x := v.(type) {
	case markers.OpenShiftAPIApproved:
		obj.Annotations["api-approved.openshift.io"] = x.Value
	case markers.OpenShiftCapability:
		obj.Annotations["capability.openshift.io/name"] = x.Value
	}
}

// metadataAnnotations are the annotations a kind's +kubebuilder:metadata
// markers give its CRD.
func metadataAnnotations(ms []markers.Marker) map[string]string {
	out := map[string]string{}
	for _, md := range markers.All[markers.Metadata](ms) {
		for _, kv := range md.Annotations {
			if k, v, ok := strings.Cut(kv, "="); ok {
				out[k] = v
			}
		}
	}
	return out
}
