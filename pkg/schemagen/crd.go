package schemagen

// This file implements assembling a CRD from a kind's versions: names,
// scope, versions, subresources, printer columns, selectable fields and the
// CRD object's own metadata.

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/gobuffalo/flect"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// buildCRD builds the CRD of one kind from its versions (in version order).
func (g *gen) buildCRD(group *model.Group, kinds []*model.Kind) *CRD {
	kindName := kinds[0].Name
	plural := strings.ToLower(flect.Pluralize(kindName))
	obj := &apiextv1.CustomResourceDefinition{
		TypeMeta: metav1.TypeMeta{APIVersion: apiextv1.SchemeGroupVersion.String(), Kind: "CustomResourceDefinition"},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: group.Name,
			Names: apiextv1.CustomResourceDefinitionNames{
				Kind:     kindName,
				ListKind: kindName + "List",
				Plural:   plural,
				Singular: strings.ToLower(kindName),
			},
			Scope: apiextv1.NamespaceScoped,
		},
	}
	g.applyResource(obj, kinds)
	crd := &CRD{Object: obj, Kinds: versionKinds(kinds)}
	for _, k := range crd.Kinds {
		obj.Spec.Versions = append(obj.Spec.Versions, g.buildVersion(obj, k))
	}
	if len(obj.Spec.Versions) == 0 {
		// Every version is +kubebuilder:skipversion: no CRD, as controller-gen.
		return nil
	}
	if len(obj.Spec.Versions) == 1 {
		obj.Spec.Versions[0].Storage = true
	}
	g.checkVersions(crd)
	g.applyConversion(crd)
	obj.Name = obj.Spec.Names.Plural + "." + group.Name
	if g.opts.ToolVersion != "" {
		if obj.Annotations == nil {
			obj.Annotations = map[string]string{}
		}
		obj.Annotations[VersionAnnotation] = g.opts.ToolVersion
	}
	g.applySet(obj)
	crd.FileName = group.Name + "_" + obj.Spec.Names.Plural + ".yaml"
	return crd
}

// buildVersion builds one entry of spec.versions.
func (g *gen) buildVersion(obj *apiextv1.CustomResourceDefinition, k *model.Kind) apiextv1.CustomResourceDefinitionVersion {
	schema := g.flat[k]
	v := apiextv1.CustomResourceDefinitionVersion{
		Name:   k.Version.Name,
		Served: true,
		Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: schema},
	}
	for _, m := range k.Type.Markers {
		switch x := m.Value.(type) {
		case markers.SubresourceStatus:
			subresources(&v).Status = &apiextv1.CustomResourceSubresourceStatus{}
		case markers.SubresourceScale:
			subresources(&v).Scale = &apiextv1.CustomResourceSubresourceScale{
				SpecReplicasPath: x.SpecPath, StatusReplicasPath: x.StatusPath, LabelSelectorPath: x.SelectorPath,
			}
		case markers.PrintColumn:
			if k.Package().Local {
				g.checkColumn(m, x, schema)
			} else {
				g.checkColumn(m, x, nil)
			}
			// controller-gen writes "subresources: {}" for every version with
			// columns; kept so that regenerating changes nothing.
			subresources(&v)
			v.AdditionalPrinterColumns = append(v.AdditionalPrinterColumns, apiextv1.CustomResourceColumnDefinition{
				Name: x.Name, Type: x.Type, Format: x.Format, Description: x.Description, Priority: x.Priority, JSONPath: x.JSONPath,
			})
		case markers.StorageVersion:
			v.Storage = true
		case markers.UnservedVersion:
			v.Served = false
		case markers.DeprecatedVersion:
			v.Deprecated = true
			v.DeprecationWarning = x.Warning
		case markers.SelectableField:
			v.SelectableFields = append(v.SelectableFields, apiextv1.SelectableField{JSONPath: x.JSONPath})
		case markers.Metadata:
			g.applyMetadata(obj, m, x)
		case markers.OpenShiftAPIApproved, markers.OpenShiftCapability:
			applyOpenShiftAnnotation(obj, x)
		}
	}
	g.checkColumnNames(k)
	return v
}

// versionKinds are the kinds of a CRD that are its versions: all but those
// marked +kubebuilder:skipversion.
func versionKinds(kinds []*model.Kind) []*model.Kind {
	var out []*model.Kind
	for _, k := range kinds {
		if !markers.Has[markers.SkipVersion](k.Type.Markers) {
			out = append(out, k)
		}
	}
	return out
}

func subresources(v *apiextv1.CustomResourceDefinitionVersion) *apiextv1.CustomResourceSubresources {
	if v.Subresources == nil {
		v.Subresources = &apiextv1.CustomResourceSubresources{}
	}
	return v.Subresources
}

// kindSchema returns the flattened schema of a kind. Like controller-gen,
// metadata at the root is exactly {type: object}: the API server owns it.
//
// The kind's schema is expanded from the raw schemas Prepare built into a
// tree of its own, then flattened in place.
func (g *gen) kindSchema(k *model.Kind) *apiextv1.JSONSchemaProps {
	s := g.expanded(k.Type, nil)
	f := newFlattener(func(path schemapath.Path, msg string) {
		g.diags.Errorf(locate(k.Type, path).pos, markers.CodeSchema, "%s: %s", path.Display(), msg)
	})
	f.flatten(s)
	g.describeSet(s)
	if _, ok := s.Properties["metadata"]; ok {
		s.Properties["metadata"] = apiextv1.JSONSchemaProps{Type: "object"}
	}
	if g.omitter != nil {
		g.omitter.apply(k, s)
	}
	if n := g.opts.MaxDescriptionLength; n != nil {
		truncateDescriptions(s, *n)
	}
	g.checkSchema(k, s)
	return s
}

// checkSchema makes the checks of a kind's finished schema in one walk (a
// walk of a large schema costs more than these checks): +listMapKey's keys
// (listmap.go) at every node, and the warning about a subtree that keeps
// unknown fields (unpruned.go) at the outermost of each.
func (g *gen) checkSchema(k *model.Kind, root *apiextv1.JSONSchemaProps) {
	schemapath.Descend(root, false, func(s *apiextv1.JSONSchemaProps, path schemapath.Path, quiet bool) (bool, bool) {
		g.checkListMapKeys(k, s, path)
		if !quiet {
			quiet = g.warnUnpruned(k, s, path)
		}
		return quiet, true
	})
}

// applyResource applies +kubebuilder:resource. It is CRD-wide, so every
// version that carries it must agree (controller-gen applies it once per
// version in map order, so disagreeing versions give random output).
func (g *gen) applyResource(obj *apiextv1.CustomResourceDefinition, kinds []*model.Kind) {
	var first *markers.Marker
	var res markers.Resource
	for _, k := range kinds {
		for _, m := range k.Type.Markers {
			r, ok := m.Value.(markers.Resource)
			if !ok {
				continue
			}
			if first == nil {
				first, res = &m, r
				continue
			}
			if !reflect.DeepEqual(normalizeResource(r), normalizeResource(res)) {
				g.diags.Add(markers.Diagnostic{Pos: m.Pos, Code: markers.CodeCRD,
					Msg:     fmt.Sprintf("+kubebuilder:resource differs between versions of %s; the CRD has one set of names and one scope, so every version must say the same", k.Name),
					Related: []markers.Related{{Pos: first.Pos, Msg: "other +kubebuilder:resource here"}}})
			}
		}
	}
	if first == nil {
		return
	}
	if res.Path != "" {
		obj.Spec.Names.Plural = res.Path
	}
	if res.Singular != "" {
		obj.Spec.Names.Singular = res.Singular
	}
	obj.Spec.Names.ShortNames = res.ShortName
	obj.Spec.Names.Categories = res.Categories
	switch res.Scope {
	case "", string(apiextv1.NamespaceScoped):
		obj.Spec.Scope = apiextv1.NamespaceScoped
	case string(apiextv1.ClusterScoped):
		obj.Spec.Scope = apiextv1.ClusterScoped
	default:
		scopes := []string{string(apiextv1.ClusterScoped), string(apiextv1.NamespaceScoped)}
		g.diags.Errorf(first.Pos, markers.CodeMarkerValue, "+kubebuilder:resource: scope=%s is not valid (want Namespaced or Cluster)%s", res.Scope, didYouMean(res.Scope, scopes))
	}
}

func normalizeResource(r markers.Resource) markers.Resource {
	if len(r.ShortName) == 0 {
		r.ShortName = nil
	}
	if len(r.Categories) == 0 {
		r.Categories = nil
	}
	if r.Scope == "" {
		r.Scope = string(apiextv1.NamespaceScoped)
	}
	return r
}

// applyMetadata applies +kubebuilder:metadata to the CRD object itself.
func (g *gen) applyMetadata(obj *apiextv1.CustomResourceDefinition, m markers.Marker, md markers.Metadata) {
	set := func(dst *map[string]string, what string, pairs []string) {
		for _, kv := range pairs {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+kubebuilder:metadata: %s %q is not in key=value form", what, kv)
				continue
			}
			if *dst == nil {
				*dst = map[string]string{}
			}
			if old, dup := (*dst)[k]; dup && old != v {
				g.diags.Errorf(m.Pos, markers.CodeMarkerValue, "+kubebuilder:metadata: %s %q is set to %q and to %q", what, k, old, v)
				continue
			}
			(*dst)[k] = v
		}
	}
	set(&obj.Annotations, "annotation", md.Annotations)
	set(&obj.Labels, "label", md.Labels)
}

// checkVersions checks storage and served versions.
func (g *gen) checkVersions(crd *CRD) {
	var storage []int
	served := false
	for i, v := range crd.Object.Spec.Versions {
		if v.Storage {
			storage = append(storage, i)
		}
		served = served || v.Served
	}
	kind := crd.Kinds[0]
	switch {
	case len(storage) == 0:
		var related []markers.Related
		for _, k := range crd.Kinds[1:] {
			related = append(related, markers.Related{Pos: k.Type.Pos, Msg: "version " + k.Version.Name})
		}
		g.diags.Add(markers.Diagnostic{Pos: kind.Type.Pos, Code: markers.CodeCRD, Related: related,
			Msg: fmt.Sprintf("%s has %d versions and none is the storage version; mark one with +kubebuilder:storageversion", kind.Name, len(crd.Kinds))})
	case len(storage) > 1:
		var related []markers.Related
		for _, i := range storage[1:] {
			related = append(related, markers.Related{Pos: crd.Kinds[i].Type.Pos, Msg: "also +kubebuilder:storageversion: version " + crd.Kinds[i].Version.Name})
		}
		g.diags.Add(markers.Diagnostic{Pos: crd.Kinds[storage[0]].Type.Pos, Code: markers.CodeCRD, Related: related,
			Msg: fmt.Sprintf("%s has %d storage versions; exactly one version may carry +kubebuilder:storageversion", kind.Name, len(storage))})
	}
	if !served {
		g.diags.Errorf(kind.Type.Pos, markers.CodeCRD, "%s serves no version: every version is +kubebuilder:unservedversion", kind.Name)
	}
}

// checkMisplacedCRDMarkers reports CRD-level markers on types that are not
// kinds, where they have no effect (controller-gen drops them silently). On
// a list type whose kind carries the same marker nothing is lost, so that
// is a warning; anywhere else the marker's intent is lost: an error.
func (g *gen) checkMisplacedCRDMarkers(m *model.Model) {
	for _, p := range m.Packages {
		if !p.Root || !p.Local {
			continue
		}
		for _, t := range p.Types {
			if t.IsKind() {
				continue
			}
			kind := listedKind(p, t)
			for _, mk := range t.Markers {
				if r, _ := meaningOf(mk.Value); r.acts != onCRD {
					continue
				}
				if kind != nil && slices.ContainsFunc(kind.Markers, func(km markers.Marker) bool { return reflect.DeepEqual(km.Value, mk.Value) }) {
					g.diags.Warnf(mk.Pos, markers.CodeMarkerTarget, "+%s has no effect on the list type %s; its kind %s has it too", mk.Name, t.Ident.Name, kind.Ident.Name)
					continue
				}
				g.diags.Add(markers.Diagnostic{Pos: mk.Pos, Severity: g.opts.MisplacedMarkers, Code: markers.CodeMarkerTarget,
					Msg: fmt.Sprintf("+%s has no effect: %s is not a kind (a struct embedding metav1.TypeMeta and metav1.ObjectMeta; controller-gen drops it silently)%s", mk.Name, t.Ident.Name, moveHint(kind))})
			}
		}
	}
}

// listedKind returns the kind that a list type (FooList) lists, or nil.
func listedKind(p *model.Package, t *model.Type) *model.Type {
	name, ok := strings.CutSuffix(t.Ident.Name, "List")
	if !ok {
		return nil
	}
	for _, k := range p.Types {
		if k.Ident.Name == name && k.IsKind() {
			return k
		}
	}
	return nil
}

func moveHint(kind *model.Type) string {
	if kind == nil {
		return ""
	}
	return "; put it on " + kind.Ident.Name
}

func sortCRDs(crds []*CRD) {
	slices.SortFunc(crds, func(a, b *CRD) int { return strings.Compare(a.FileName, b.FileName) })
}

func sortKindLists(lists [][]*model.Kind) {
	slices.SortFunc(lists, func(a, b []*model.Kind) int { return strings.Compare(a[0].Name, b[0].Name) })
}
