package crtest

// This file implements what the API server's registry does to a custom
// object between decoding and storage: prepare it (status and generation)
// and validate it, on the main resource and on /status. It follows the
// registry's strategy for custom resources (apiextensions-apiserver's
// pkg/registry/customresource: strategy.go, status_strategy.go,
// validator.go) step for step, built from the same exported pieces (the
// OpenAPI validator with ratcheting, the CEL validator, list-type and
// embedded-object checks, ObjectMeta validation): that package also links
// the etcd storage, which would grow every crdgen command by 16 MiB. The
// e2e suite holds it to a real API server (test/e2e/suites_test.go).

import (
	"context"
	"fmt"
	"math"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/operation"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/features"
	"k8s.io/apiserver/pkg/storage/names"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
)

// strategy prepares and validates the objects of one version of a CRD, on
// the main resource. It is a rest.RESTCreateStrategy and a
// rest.RESTUpdateStrategy, so that rest.BeforeCreate and rest.BeforeUpdate
// do the registry's own metadata handling around it.
type strategy struct {
	runtime.ObjectTyper
	names.NameGenerator
	namespaced bool
	kind       schema.GroupVersionKind
	schema     *structuralschema.Structural
	validator  apiservervalidation.SchemaValidator
	// statusValidator validates status alone (nil without /status).
	statusValidator apiservervalidation.SchemaValidator
	cel             *cel.Validator
	status          *apiextensions.CustomResourceSubresourceStatus
	scale           *apiextensions.CustomResourceSubresourceScale
}

func (s *strategy) NamespaceScoped() bool                         { return s.namespaced }
func (s *strategy) AllowCreateOnUpdate(context.Context) bool      { return false }
func (s *strategy) AllowUnconditionalUpdate(context.Context) bool { return false }
func (s *strategy) Canonicalize(runtime.Object)                   {}

// PrepareForCreate drops status when /status exists (a create cannot set
// it) and starts the generation at 1.
func (s *strategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	u := obj.(*unstructured.Unstructured)
	if s.status != nil {
		delete(u.Object, "status")
	}
	u.SetGeneration(1)
}

// PrepareForUpdate keeps the stored status when /status exists, and bumps
// the generation when anything but metadata changed.
func (s *strategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	n, o := obj.(*unstructured.Unstructured), old.(*unstructured.Unstructured)
	if s.status != nil {
		_, inNew := n.Object["status"]
		oldStatus, inOld := o.Object["status"]
		switch {
		case inOld:
			n.Object["status"] = oldStatus
		case inNew:
			delete(n.Object, "status")
		}
	}
	if !apiequality.Semantic.DeepEqual(withoutMetadata(n.Object), withoutMetadata(o.Object)) {
		n.SetGeneration(o.GetGeneration() + 1)
	}
}

func withoutMetadata(obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		if k != "metadata" {
			out[k] = v
		}
	}
	return out
}

// Validate validates a new object: type and object metadata, the OpenAPI
// schema, scale paths, embedded objects, list invariants, then the CEL
// rules unless an error blocks them.
func (s *strategy) Validate(ctx context.Context, obj runtime.Object) field.ErrorList {
	u := obj.(*unstructured.Unstructured)
	errs := s.validateTypeMeta(u)
	if len(errs) == 0 {
		meta, merrs := objectMeta(u)
		if merrs != nil {
			errs = append(errs, merrs...)
		} else {
			errs = append(errs, metavalidation.ValidateObjectMetaDeclaratively(ctx, operation.Create, meta, nil, s.namespaced, metavalidation.NameIsDNSSubdomain, field.NewPath("metadata"), declarativeBeta())...)
		}
		errs = append(errs, apiservervalidation.ValidateCustomResource(nil, u.Object, s.validator)...)
		errs = append(errs, s.validateScaleSpec(u)...)
		errs = append(errs, s.validateScaleStatus(u)...)
	}
	errs = append(errs, schemaobjectmeta.Validate(ctx, nil, u.Object, s.schema, false)...)
	errs = append(errs, structurallisttype.ValidateListSetsAndMaps(nil, s.schema, u.Object)...)
	return append(errs, s.validateCEL(ctx, errs, u, nil)...)
}

// ValidateUpdate validates an update of the main resource, ratcheting:
// what the update leaves as it was is not held against it.
func (s *strategy) ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList {
	n, o := obj.(*unstructured.Unstructured), old.(*unstructured.Unstructured)
	correlated := common.NewCorrelatedObject(n.Object, o.Object, &model.Structural{Structural: s.schema})
	errs := s.validateTypeMeta(n)
	if len(errs) == 0 {
		errs = append(errs, s.validateObjectMetaUpdate(ctx, n, o)...)
		errs = append(errs, apiservervalidation.ValidateCustomResourceUpdate(nil, n.Object, o.Object, s.validator, apiservervalidation.WithRatcheting(correlated))...)
		errs = append(errs, s.validateScaleSpec(n)...)
		errs = append(errs, s.validateScaleStatus(n)...)
	}
	errs = append(errs, schemaobjectmeta.Validate(ctx, nil, n.Object, s.schema, false)...)
	if len(structurallisttype.ValidateListSetsAndMaps(nil, s.schema, o.Object)) == 0 {
		errs = append(errs, structurallisttype.ValidateListSetsAndMaps(nil, s.schema, n.Object)...)
	}
	return append(errs, s.validateCEL(ctx, errs, n, o, cel.WithRatcheting(correlated))...)
}

// validateCEL runs the CEL rules, unless an error that makes them
// meaningless was found: then it says so instead.
func (s *strategy) validateCEL(ctx context.Context, found field.ErrorList, obj, old *unstructured.Unstructured, opts ...cel.Option) field.ErrorList {
	if s.cel == nil {
		return nil
	}
	for _, e := range found {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return field.ErrorList{field.Invalid(nil, nil, "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation")}
		}
	}
	var oldObj any
	if old != nil {
		oldObj = old.Object
	}
	errs, _ := s.cel.Validate(ctx, nil, s.schema, obj.Object, oldObj, celconfig.RuntimeCELCostBudget, opts...)
	return errs
}

// WarningsOnCreate warns about finalizer names, as the server does.
func (s *strategy) WarningsOnCreate(_ context.Context, obj runtime.Object) []string {
	return finalizerWarnings(obj, nil)
}

// WarningsOnUpdate warns about the finalizer names an update adds.
func (s *strategy) WarningsOnUpdate(_ context.Context, obj, old runtime.Object) []string {
	return finalizerWarnings(obj, old)
}

func (s *strategy) validateTypeMeta(u *unstructured.Unstructured) field.ErrorList {
	var errs field.ErrorList
	if u.GetKind() != s.kind.Kind {
		errs = append(errs, field.Invalid(field.NewPath("kind"), u.GetKind(), fmt.Sprintf("must be %v", s.kind.Kind)))
	}
	if want := s.kind.Group + "/" + s.kind.Version; u.GetAPIVersion() != want {
		errs = append(errs, field.Invalid(field.NewPath("apiVersion"), u.GetAPIVersion(), fmt.Sprintf("must be %v", want)))
	}
	return errs
}

func (s *strategy) validateObjectMetaUpdate(ctx context.Context, n, o *unstructured.Unstructured) field.ErrorList {
	meta, errs := objectMeta(n)
	if errs != nil {
		return errs
	}
	oldMeta, errs := objectMeta(o)
	if errs != nil {
		return errs
	}
	return metavalidation.ValidateObjectMetaDeclaratively(ctx, operation.Update, meta, oldMeta, s.namespaced, nil, field.NewPath("metadata"), declarativeBeta())
}

// validateScaleSpec and validateScaleStatus check the replicas (and the
// selector) at the scale subresource's paths. Their field paths keep the
// leading dot, as the server's do.
func (s *strategy) validateScaleSpec(u *unstructured.Unstructured) field.ErrorList {
	if s.scale == nil {
		return nil
	}
	return replicasAt(u, s.scale.SpecReplicasPath)
}

func (s *strategy) validateScaleStatus(u *unstructured.Unstructured) field.ErrorList {
	if s.scale == nil {
		return nil
	}
	errs := replicasAt(u, s.scale.StatusReplicasPath)
	if p := s.scale.LabelSelectorPath; p != nil {
		sel, _, err := unstructured.NestedString(u.Object, strings.Split(strings.TrimPrefix(*p, "."), ".")...)
		if err != nil {
			errs = append(errs, field.Invalid(field.NewPath(*p), sel, err.Error()))
		}
	}
	return errs
}

func replicasAt(u *unstructured.Unstructured, path string) field.ErrorList {
	n, _, err := unstructured.NestedInt64(u.Object, strings.Split(strings.TrimPrefix(path, "."), ".")...)
	switch {
	case err != nil:
		return field.ErrorList{field.Invalid(field.NewPath(path), n, err.Error())}
	case n < 0:
		return field.ErrorList{field.Invalid(field.NewPath(path), n, "should be a non-negative integer")}
	case n > math.MaxInt32:
		return field.ErrorList{field.Invalid(field.NewPath(path), n, fmt.Sprintf("should be less than or equal to %v", math.MaxInt32))}
	}
	return nil
}

// statusStrategy is the strategy of /status: an update there changes the
// status alone.
type statusStrategy struct{ *strategy }

// PrepareForUpdate starts from the stored object and takes only the new
// status (and managed fields).
func (s statusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	n := obj.(*unstructured.Unstructured)
	status, hasStatus := n.Object["status"]
	managed := n.GetManagedFields()
	*n = *old.(*unstructured.Unstructured).DeepCopy()
	n.SetManagedFields(managed)
	if hasStatus {
		n.Object["status"] = status
	} else {
		delete(n.Object, "status")
	}
}

// ValidateUpdate validates the status against the status schema (with
// ratcheting), and the whole object's CEL rules.
func (s statusStrategy) ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList {
	n, o := obj.(*unstructured.Unstructured), old.(*unstructured.Unstructured)
	correlated := common.NewCorrelatedObject(n.Object, o.Object, &model.Structural{Structural: s.schema})
	errs := s.validateTypeMeta(n)
	if len(errs) == 0 {
		errs = append(errs, s.validateObjectMetaUpdate(ctx, n, o)...)
		if status, ok := n.Object["status"]; ok {
			var opts []apiservervalidation.ValidationOption
			if s.schema != nil {
				opts = append(opts, apiservervalidation.WithRatcheting(correlated.Key("status")))
			}
			errs = append(errs, apiservervalidation.ValidateCustomResourceUpdate(field.NewPath("status"), status, o.Object["status"], s.statusValidator, opts...)...)
		}
		errs = append(errs, s.validateScaleStatus(n)...)
	}
	if newErrs := structurallisttype.ValidateListSetsAndMaps(nil, s.schema, n.Object); len(newErrs) > 0 {
		if len(structurallisttype.ValidateListSetsAndMaps(nil, s.schema, o.Object)) == 0 {
			errs = append(errs, newErrs...)
		}
	}
	return append(errs, s.validateCEL(ctx, errs, n, o, cel.WithRatcheting(correlated))...)
}

// WarningsOnUpdate is silent on /status.
func (s statusStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// objectMeta reads an object's metadata as ObjectMeta.
func objectMeta(u *unstructured.Unstructured) (*metav1.ObjectMeta, field.ErrorList) {
	raw := u.Object["metadata"]
	if raw == nil {
		return &metav1.ObjectMeta{}, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, field.ErrorList{field.Invalid(field.NewPath("metadata"), raw, fmt.Sprintf("expected map[string]interface{}, got %T", raw))}
	}
	meta := &metav1.ObjectMeta{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(m, meta); err != nil {
		return nil, field.ErrorList{field.Invalid(field.NewPath("metadata"), raw, err.Error())}
	}
	return meta, nil
}

func declarativeBeta() bool {
	return utilfeature.DefaultFeatureGate.Enabled(features.DeclarativeValidationBeta)
}

// standardFinalizers are the finalizers Kubernetes itself defines.
var standardFinalizers = sets.New(metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents, "kubernetes")

// finalizerWarnings warns about the finalizers obj adds (to old) whose
// names are not qualified, or not domain-qualified with a path.
func finalizerWarnings(obj, old runtime.Object) []string {
	n, err := meta.Accessor(obj)
	if err != nil {
		return nil
	}
	added := sets.New(n.GetFinalizers()...)
	if old != nil {
		if o, err := meta.Accessor(old); err == nil {
			added = added.Difference(sets.New(o.GetFinalizers()...))
		}
	}
	const path = "metadata.finalizers"
	var out []string
	for _, f := range sets.List(added) {
		for _, msg := range utilvalidation.IsQualifiedName(f) {
			out = append(out, fmt.Sprintf("%s: %q: %s", path, f, msg))
		}
		if !strings.Contains(f, "/") && !standardFinalizers.Has(f) {
			if strings.Contains(f, ".") {
				out = append(out, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers", path, f))
			} else {
				out = append(out, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers", path, f))
			}
		}
	}
	return out
}
