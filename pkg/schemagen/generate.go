package schemagen

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/internal/parallel"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Options configure Generate.
type Options struct {
	// AllowDangerousTypes accepts float32 and float64 fields (type: number).
	AllowDangerousTypes bool
	// MaxDescriptionLength truncates descriptions at a sentence boundary when
	// set, as controller-gen's crd:maxDescLen does; 0 drops them.
	MaxDescriptionLength *int
	// OmitDescriptions are types whose schemas carry no descriptions, as if
	// each were marked +kubebuilder:skip:description: "<import path>.<Type>",
	// or "<import path>.*" for every type of a package (crdgen.yaml's
	// descriptions.omit, for types of other modules).
	OmitDescriptions []string
	// MaxCRDBytes, when above 0, is each CRD's budget, measured as the
	// annotations once kubectl apply has written its last-applied one (what
	// the API server holds to 256 KiB): descriptions below
	// the top two levels of spec and status are dropped, deepest and
	// largest first, until the CRD fits (budget.go); one that cannot fit is
	// an error.
	MaxCRDBytes int64
	// SizeLimits is the severity of a CRD whose JSON passes etcd's default
	// request limit, or that cannot fit MaxCRDBytes (Error, the zero value;
	// Warning for --size-limits=warn, for clusters whose etcd takes more,
	// and for crdgen size, which reports them).
	SizeLimits markers.Severity
	// ToolVersion is written as the crdgen.dev/version annotation; "" omits it.
	ToolVersion string
	// EmbeddedObjectMeta describes a metav1.ObjectMeta below a kind's root
	// (a template's metadata) with its name, namespace, labels, annotations
	// and finalizers, instead of an empty object whose content the API
	// server prunes (controller-gen's crd:generateEmbeddedObjectMeta).
	EmbeddedObjectMeta bool
	// MisplacedMarkers is the severity of a CRD marker on a type that is not
	// a kind, where its intent is lost (Error, the zero value; Warning for
	// --unknown-markers=warn, as for the loader's unknown markers).
	MisplacedMarkers markers.Severity
	// Set is the feature set the CRDs are built for: the versions, kinds,
	// fields and markers whose feature gates hold in it, its descriptions,
	// annotations and unserved versions. nil is no feature sets: every
	// gate off, and Gateway API's tags left as text, as controller-gen
	// leaves them.
	Set *featureset.Set
	// K8sDependencies says which +k8s: tags of declarative validation
	// that controller-gen v0.23.0 does not read (markers.Definition.K8sLevel)
	// apply in the types of packages outside the main module: "" none (what
	// controller-gen writes), "stable" the stable ones, "all" every one.
	// In the main module's packages every tag applies.
	K8sDependencies string
	// OpenShift, when not nil, builds the CRDs as openshift/api's
	// generators do (openshift.go): one per kind version, each composed
	// from a build per feature gate, and its overrides merged.
	OpenShift *OpenShift
	// Views, when not nil, are the model's views to read Set's from (and
	// OpenShift's partial builds'), shared by the builds of every set so
	// that each view is built once; nil builds the views this build
	// reads. They must be the views of the model built.
	Views *Views
}

// VersionAnnotation is the annotation that records the crdgen version.
const VersionAnnotation = "crdgen.dev/version"

// CRD is one generated CustomResourceDefinition and where it came from.
type CRD struct {
	Object *apiextv1.CustomResourceDefinition
	// FileName is <group>_<plural>.yaml.
	FileName string
	// Kinds are the Go kind types, one per entry of Object.Spec.Versions and
	// in the same order: the model's kinds, whole, not the view's the CRD
	// was built from (the docs read every set's CRDs against one model).
	Kinds []*model.Kind
}

// gen holds the state of one Generate call.
type gen struct {
	opts  Options
	diags *markers.ErrorList
	raw   map[*model.Type]*apiextv1.JSONSchemaProps
	refs  map[string]*model.Type
	stack []*model.Type
	// cycles holds the types already reported as part of a cycle.
	cycles map[*model.Type]bool
	// flat holds each kind's flattened schema, built in parallel.
	flat map[*model.Kind]*apiextv1.JSONSchemaProps
	// localDirs are the directories of the main module's packages.
	localDirs map[string]bool
	// view is the model as the set has it: what the CRDs are built from.
	view *View
	// describe says descriptions change per set (needsDescribe).
	describe bool
	// omitter leaves descriptions out (nil: nothing says to).
	omitter *omitter
}

// Generate builds one CRD per group and kind of the model, sorted by file
// name. Problems are returned as diagnostics; a CRD is returned only when
// its own generation had no error.
func Generate(m *model.Model, opts Options) ([]*CRD, markers.ErrorList) {
	p, diags := Prepare(m, opts)
	crds := make([]*CRD, p.Len())
	found := make([]markers.ErrorList, p.Len())
	parallel.ForEach(p.Len(), func(i int) {
		crds[i], found[i] = p.Build(i)
		if crds[i] != nil {
			found[i].Append(CheckDefaults(crds[i]))
		}
		if found[i].HasErrors() {
			crds[i] = nil
		}
	})
	var out []*CRD
	for i, crd := range crds {
		diags.Append(found[i])
		if crd != nil {
			out = append(out, crd)
		}
	}
	sortCRDs(out)
	return out, diags.Sorted()
}

// Plan is the CRDs of a model, ready to be built one by one: every named
// type's raw schema is built (they share caches, so that is done in order),
// and each CRD's flattening and assembly is left to Build, which callers may
// run concurrently and whose results they may drop as they go, so that
// memory holds the CRDs being built rather than all of them.
type Plan struct {
	g     *gen
	items []planItem
	// keys memoizes the digests of Key.
	keys digests
	// uses drops raw schemas as the CRDs that need them are done.
	uses *rawUses
	// os composes each CRD as openshift's generators do (nil: not).
	os *osPlan
}

// planItem is one CRD to build: a kind in a group, with its versions.
type planItem struct {
	group *model.Group
	kinds []*model.Kind
}

// Prepare plans the CRDs of a model. The diagnostics are those about types
// and markers; each CRD's own come from Build.
func Prepare(m *model.Model, opts Options) (*Plan, markers.ErrorList) {
	views := opts.Views
	if views == nil {
		views = NewViews(m)
	}
	// The views are how the build reads the model, not what it builds:
	// not an option of its key (Plan.Key).
	opts.Views = nil
	var diags markers.ErrorList
	g := &gen{
		opts:      opts,
		diags:     &diags,
		raw:       map[*model.Type]*apiextv1.JSONSchemaProps{},
		refs:      map[string]*model.Type{},
		cycles:    map[*model.Type]bool{},
		localDirs: map[string]bool{},
		view:      views.Of(opts.Set),
		describe:  needsDescribe(views, opts.Set),
		omitter:   newOmitter(m, opts.OmitDescriptions),
	}
	for _, p := range m.Packages {
		if p.Local && p.Dir != "" {
			g.localDirs[p.Dir] = true
		}
	}
	var p *Plan
	if opts.OpenShift != nil {
		p = prepareOpenShift(m, g, views)
	} else {
		p = g.plan()
	}
	p.countUses()
	g.checkNames(p.items)
	// The markers' checks are the same in every set: made once for the
	// views, and reported in each set's build as the load's diagnostics
	// are.
	diags.Append(views.once(func() markers.ErrorList {
		var found markers.ErrorList
		c := &gen{opts: opts, diags: &found}
		c.checkMisplacedCRDMarkers(m)
		c.checkConditionalMarkers(m)
		return found
	}))
	return p, diags.Sorted()
}

// plan builds the raw schemas of the view's kinds, and lists the CRDs: one
// per kind, with its versions.
func (g *gen) plan() *Plan {
	for _, k := range g.view.Kinds() {
		if !markers.Has[markers.SkipVersion](k.Type.Markers) {
			g.rawSchema(k.Type)
		}
	}
	p := &Plan{g: g}
	for _, group := range g.view.Groups() {
		for _, kinds := range kindsByName(group) {
			if len(kinds) > 0 {
				p.items = append(p.items, planItem{group: group, kinds: kinds})
			}
		}
	}
	return p
}

// Len is the number of CRDs the plan may build.
func (p *Plan) Len() int { return len(p.items) }

// Build flattens and assembles the i-th CRD. It returns nil when every
// version is skipped; a CRD with errors (in the diagnostics) is returned for
// CheckDefaults, not to be written. It may run concurrently with Build of
// other CRDs.
func (p *Plan) Build(i int) (*CRD, markers.ErrorList) {
	if p.uses.done[i].Load() {
		panic("schemagen: Build of a CRD after its Done")
	}
	if p.os != nil {
		return p.buildOpenShift(i)
	}
	var diags markers.ErrorList
	job := *p.g
	job.diags = &diags
	job.flat = map[*model.Kind]*apiextv1.JSONSchemaProps{}
	item := p.items[i]
	for _, k := range item.kinds {
		if !markers.Has[markers.SkipVersion](k.Type.Markers) {
			job.flat[k] = job.kindSchema(k)
		}
	}
	crd := job.buildCRD(item.group, item.kinds)
	if crd != nil {
		job.checkSize(crd)
		crd.Kinds = job.view.modelKinds(crd.Kinds)
	}
	return crd, diags.Sorted()
}

// kindsByName groups a group's kinds by name across versions, in name order;
// each list is in version order.
func kindsByName(g *model.Group) [][]*model.Kind {
	index := map[string]int{}
	var out [][]*model.Kind
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
