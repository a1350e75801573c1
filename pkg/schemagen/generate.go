package schemagen

import (
	"reflect"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
)

// Options configure Generate.
type Options struct {
	// AllowDangerousTypes accepts float32 and float64 fields (type: number).
	AllowDangerousTypes bool
	// MaxDescriptionLength truncates descriptions at a sentence boundary when
	// set; 0 drops them.
	MaxDescriptionLength *int
	// ToolVersion is written as the crdgen.dev/version annotation; "" omits it.
	ToolVersion string
	// EmbeddedObjectMeta describes a metav1.ObjectMeta below a kind's root
	// (a template's metadata) with its name, namespace, labels, annotations
	// and finalizers, instead of an empty object whose content the API
	// server prunes (controller-gen's crd:generateEmbeddedObjectMeta).
	EmbeddedObjectMeta bool
}

// VersionAnnotation is the annotation that records the crdgen version.
const VersionAnnotation = "crdgen.dev/version"

// CRD is one generated CustomResourceDefinition and where it came from.
type CRD struct {
	Object *apiextv1.CustomResourceDefinition
	// FileName is <group>_<plural>.yaml.
	FileName string
	// Kinds are the Go kind types, one per entry of Object.Spec.Versions and
	// in the same order.
	Kinds []*parser.Kind
}

// gen holds the state of one Generate call.
type gen struct {
	opts  Options
	diags *markers.ErrorList
	rules map[reflect.Type]rule
	raw   map[*parser.Type]*apiextv1.JSONSchemaProps
	refs  map[string]*parser.Type
	stack []*parser.Type
	// cycles holds the types already reported as part of a cycle.
	cycles map[*parser.Type]bool
	// flat holds each kind's flattened schema, built in parallel.
	flat map[*parser.Kind]*apiextv1.JSONSchemaProps
}

// Generate builds one CRD per group and kind of the model, sorted by file
// name. Problems are returned as diagnostics; a CRD is returned only when
// its own generation had no error.
func Generate(m *parser.Model, opts Options) ([]*CRD, markers.ErrorList) {
	var diags markers.ErrorList
	g := &gen{
		opts:   opts,
		diags:  &diags,
		rules:  schemaRules(),
		raw:    map[*parser.Type]*apiextv1.JSONSchemaProps{},
		refs:   map[string]*parser.Type{},
		cycles: map[*parser.Type]bool{},
	}
	g.flattenAll(m)
	var out []*CRD
	for _, group := range m.Groups {
		for _, kinds := range kindsByName(group) {
			before := len(diags.Errors())
			crd := g.buildCRD(group, kinds)
			if crd != nil && len(diags.Errors()) == before {
				out = append(out, crd)
			}
		}
	}
	g.warnMisplacedCRDMarkers(m)
	sortCRDs(out)
	return out, diags.Sorted()
}

// flattenAll builds every kind's schema: the raw schemas first, in order,
// since they fill shared caches, then the flattening and checks of each kind
// on every core, with diagnostics kept in kind order.
func (g *gen) flattenAll(m *parser.Model) {
	var kinds []*parser.Kind
	for _, k := range m.Kinds() {
		if markers.Has[markers.SkipVersion](k.Type.Markers) {
			continue
		}
		g.rawSchema(k.Type)
		kinds = append(kinds, k)
	}
	schemas := make([]*apiextv1.JSONSchemaProps, len(kinds))
	diags := make([]markers.ErrorList, len(kinds))
	parallel.ForEach(len(kinds), func(i int) {
		job := *g
		job.diags = &diags[i]
		schemas[i] = job.kindSchema(kinds[i])
	})
	g.flat = map[*parser.Kind]*apiextv1.JSONSchemaProps{}
	for i, k := range kinds {
		g.flat[k] = schemas[i]
		g.diags.Append(diags[i])
	}
}

// kindsByName groups a group's kinds by name across versions, in name order;
// each list is in version order.
func kindsByName(g *parser.Group) [][]*parser.Kind {
	index := map[string]int{}
	var out [][]*parser.Kind
	for _, v := range g.Versions {
		for _, k := range v.Kinds {
			i, ok := index[k.Name]
			if !ok {
				i = len(out)
				index[k.Name] = i
				out = append(out, nil)
			}
			out[i] = append(out[i], k)
		}
	}
	sortKindLists(out)
	return out
}
