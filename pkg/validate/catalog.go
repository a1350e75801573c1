package validate

// This file implements the CRDs objects are judged against: by group and
// kind, with the versions they serve; the API groups Kubernetes serves
// itself, whose objects are skipped; and reading CRDs from files, each
// judged as the API server judges a CRD's create.

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime/schema"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Catalog is a set of CRDs, by the group and kind each serves.
type Catalog struct {
	// Name is the feature set the CRDs are of ("" for none).
	Name string
	byGK map[schema.GroupKind]*apiextv1.CustomResourceDefinition
}

// NewCatalog is a catalog of crds; of two CRDs of one group and kind, the
// first is kept (the project's, given before --crds).
func NewCatalog(name string, crds []*apiextv1.CustomResourceDefinition) *Catalog {
	c := &Catalog{Name: name, byGK: map[schema.GroupKind]*apiextv1.CustomResourceDefinition{}}
	for _, crd := range crds {
		gk := schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
		if c.byGK[gk] == nil {
			c.byGK[gk] = crd
		}
	}
	return c
}

// with is the catalog with more CRDs, after its own.
func (c *Catalog) with(crds []*apiextv1.CustomResourceDefinition) *Catalog {
	out := &Catalog{Name: c.Name, byGK: maps.Clone(c.byGK)}
	for _, crd := range crds {
		gk := schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
		if out.byGK[gk] == nil {
			out.byGK[gk] = crd
		}
	}
	return out
}

// lookup is the CRD and version that serve an object; or, when none does,
// why: skip says the object is of a kind Kubernetes serves itself (or no
// API object at all), problem that no CRD of the catalog serves it.
func (c *Catalog) lookup(apiVersion, kind string) (crd *apiextv1.CustomResourceDefinition, version, skip, problem string) {
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return nil, "", "", fmt.Sprintf("apiVersion %q: %v", apiVersion, err)
	}
	gk := schema.GroupKind{Group: gv.Group, Kind: kind}
	crd = c.byGK[gk]
	if crd == nil {
		if why, ok := notServedByCRDs(gv.Group); ok {
			return nil, "", why, ""
		}
		return nil, "", "", c.unknown(gk)
	}
	var served []string
	for _, v := range crd.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
			if v.Name == gv.Version {
				return crd, v.Name, "", ""
			}
		}
	}
	return nil, "", "", fmt.Sprintf("%s does not serve version %s of %s (it serves %s)", crd.Name, gv.Version, kind, strings.Join(served, ", "))
}

// unknown says no CRD serves a kind, with the kinds of the group (or a
// kind of that name in another group) as a did-you-mean.
func (c *Catalog) unknown(gk schema.GroupKind) string {
	var names []string
	for k := range c.byGK {
		names = append(names, k.String())
	}
	slices.Sort(names)
	msg := fmt.Sprintf("no CRD serves kind %s", gk.String())
	if len(names) == 0 {
		return msg + " (there are no CRDs: build them from the project's packages, or name CRD files with --crds)"
	}
	if s := markers.Suggest(gk.String(), names); s != "" {
		return msg + ", did you mean " + s + "?"
	}
	if len(names) > 6 {
		names = append(names[:6], "...")
	}
	return msg + " (the CRDs serve " + strings.Join(names, ", ") + "; --crds names more, --skip-unknown-kinds skips such objects)"
}

// builtinGroups are the API groups Kubernetes serves itself, with no CRD
// (TestBuiltinGroupsAreTheSchemes holds them to client-go's scheme).
func builtinGroups() map[string]bool {
	return map[string]bool{
		"": true, "admissionregistration.k8s.io": true, "apiextensions.k8s.io": true, "apiregistration.k8s.io": true,
		"apps": true, "authentication.k8s.io": true, "authorization.k8s.io": true, "autoscaling": true, "batch": true,
		"certificates.k8s.io": true, "coordination.k8s.io": true, "discovery.k8s.io": true, "events.k8s.io": true,
		"extensions": true, "flowcontrol.apiserver.k8s.io": true, "internal.apiserver.k8s.io": true,
		"networking.k8s.io": true, "node.k8s.io": true, "policy": true, "rbac.authorization.k8s.io": true,
		"resource.k8s.io": true, "scheduling.k8s.io": true, "storage.k8s.io": true, "storagemigration.k8s.io": true,
		"imagepolicy.k8s.io": true, "apidiscovery.k8s.io": true, "lifecycle.k8s.io": true,
	}
}

// notServedByCRDs says why an object of a group with no CRD is skipped:
// Kubernetes serves the group itself, or it is no API object (kustomize's
// files).
func notServedByCRDs(group string) (string, bool) {
	switch {
	case builtinGroups()[group]:
		return "built-in", true
	case group == "kustomize.config.k8s.io" || group == "config.kubernetes.io":
		return "not an API object", true
	}
	return "", false
}

// ReadCRDs reads the CRDs of inputs (other objects are left out), each
// judged as the API server judges a CRD's create: a CRD it refuses is an
// error at its line, and left out.
func ReadCRDs(inputs []Input, lim Limits) ([]*apiextv1.CustomResourceDefinition, markers.ErrorList) {
	var out []*apiextv1.CustomResourceDefinition
	var diags markers.ErrorList
	v := schemagen.NewValidator()
	for _, in := range inputs {
		objs, d := readObjects(in, lim)
		diags.Append(d)
		for _, o := range objs {
			if !isCRD(o) {
				continue
			}
			if crd, d := readCRD(v, o, markers.CodeManifest); d != nil {
				diags.Append(d)
			} else {
				out = append(out, crd)
			}
		}
	}
	return out, diags
}

// isCRD reports whether an object is a CRD.
func isCRD(o *Object) bool {
	return o.Kind == "CustomResourceDefinition" && strings.HasPrefix(o.APIVersion, "apiextensions.k8s.io/")
}

// readCRD decodes and judges one CRD, its problems with code.
func readCRD(v *schemagen.Validator, o *Object, code markers.Code) (*apiextv1.CustomResourceDefinition, markers.ErrorList) {
	var diags markers.ErrorList
	if o.APIVersion != "apiextensions.k8s.io/v1" {
		diags.Errorf(o.Pos, code, "CRD %s is %s, which the API server no longer serves (since Kubernetes 1.22): write it as apiextensions.k8s.io/v1", o.Name, o.APIVersion)
		return nil, diags
	}
	internal, err := v.Internal(o.body)
	if err != nil {
		diags.Errorf(o.Pos, code, "the API server refuses CRD %s: %v", o.Name, err)
		return nil, diags
	}
	errs := validation.ValidateCustomResourceDefinition(context.Background(), internal)
	for _, e := range errs {
		pos, _ := o.locate(e.Field)
		diags.Errorf(pos, code, "the API server refuses CRD %s: %s", o.Name, e.Error())
	}
	if len(errs) > 0 {
		return nil, diags
	}
	crd := &apiextv1.CustomResourceDefinition{}
	if err := sigsyaml.Unmarshal(o.body, crd); err != nil {
		diags.Errorf(o.Pos, code, "CRD %s: %v", o.Name, err)
		return nil, diags
	}
	return crd, nil
}

// readObjects reads every object of an input.
func readObjects(in Input, lim Limits) ([]*Object, markers.ErrorList) {
	var out []*Object
	var diags markers.ErrorList
	if d := readDocuments(in, lim, func(doc document) {
		objs, d := objectsOf(doc, lim)
		out = append(out, objs...)
		diags.Append(d)
	}); d != nil {
		diags.Add(*d)
	}
	return out, diags
}
