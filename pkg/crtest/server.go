package crtest

// This file implements a custom resource endpoint in process: what the API
// server does with a create, an update, a /status update and a /scale
// update of one version of a CRD, from the request's bytes to the object
// it stores, with the server's own code for each step (decoding, pruning,
// defaulting, validation, CEL, ratcheting), in the server's order:
//
//	decode (strict about duplicate fields) -> prune unknown fields, drop
//	nulls -> default -> field validation's verdict (Strict fails, Warn
//	warns) -> system metadata -> prepare (status, generation) ->
//	validate -> store (pruned again, read back, defaulted again)
//
// The server's own wiring (apiextensions-apiserver's crdHandler and its
// schema coercer, which are not exported) is rebuilt here from the
// exported pieces it is made of.

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	sigsyaml "sigs.k8s.io/yaml"

	"k8s.io/apiextensions-apiserver/pkg/apihelpers"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/crdserverscheme"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/warning"
)

// Server serves one version of a CRD in process. Its methods are not safe
// for concurrent use (it numbers resource versions and generated names).
type Server struct {
	gvk      schema.GroupVersionKind
	resource string
	// schemas are the structural schemas by version, defaults pruned, as
	// the server's storage and request codecs use them.
	schemas map[string]*structuralschema.Structural
	main    *strategy
	status  *statusStrategy
	seq     *sequence
}

// sequence numbers resource versions and generated names, for the servers
// of one run.
type sequence struct{ rv, names int }

// NewServer serves version of crd, as the API server does once the CRD is
// established. It fails as the server would refuse to serve it (a schema
// that is not structural), not on every mistake the server's CRD
// validation finds: run that first.
func NewServer(crd *apiextv1.CustomResourceDefinition, version string) (*Server, error) {
	crd = crd.DeepCopy()
	apiextv1.SetObjectDefaults_CustomResourceDefinition(crd)
	s := &Server{schemas: map[string]*structuralschema.Structural{}, resource: crd.Spec.Names.Plural, seq: &sequence{}}
	found := false
	for _, v := range crd.Spec.Versions {
		found = found || v.Name == version
		ss, err := structuralOf(crd, v.Name)
		if err != nil {
			return nil, fmt.Errorf("version %s: %w", v.Name, err)
		}
		s.schemas[v.Name] = ss
	}
	if !found {
		return nil, fmt.Errorf("%s has no version %s", crd.Name, version)
	}
	internal, err := internalSchema(crd, version)
	if err != nil {
		return nil, err
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(internal)
	if err != nil {
		return nil, err
	}
	s.gvk = schema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind}
	s.main = &strategy{
		ObjectTyper: crdserverscheme.NewUnstructuredObjectTyper(), NameGenerator: s,
		namespaced: crd.Spec.Scope == apiextv1.NamespaceScoped, kind: s.gvk,
		schema: s.schemas[version], validator: validator,
		cel: cel.NewValidator(s.schemas[version], true, celconfig.PerCallLimit),
	}
	if err := s.subresources(crd, version, internal); err != nil {
		return nil, err
	}
	return s, nil
}

// structuralOf is a version's structural schema as the server's codecs use
// it: with its defaults pruned of unknown fields.
func structuralOf(crd *apiextv1.CustomResourceDefinition, version string) (*structuralschema.Structural, error) {
	internal, err := internalSchema(crd, version)
	if err != nil || internal == nil {
		return nil, err
	}
	ss, err := structuralschema.NewStructural(internal)
	if err != nil {
		return nil, err
	}
	ss = ss.DeepCopy()
	if err := structuraldefaulting.PruneDefaults(ss); err != nil {
		return nil, err
	}
	return ss, nil
}

// internalSchema is a version's schema in the internal form.
func internalSchema(crd *apiextv1.CustomResourceDefinition, version string) (*apiextensions.JSONSchemaProps, error) {
	v, err := apihelpers.GetSchemaForVersion(crd, version)
	if err != nil || v == nil {
		return nil, err
	}
	out := &apiextensions.CustomResourceValidation{}
	if err := apiextv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(v, out, nil); err != nil {
		return nil, err
	}
	return out.OpenAPIV3Schema, nil
}

// subresources sets up /status and /scale.
func (s *Server) subresources(crd *apiextv1.CustomResourceDefinition, version string, internal *apiextensions.JSONSchemaProps) error {
	sub, err := apihelpers.GetSubresourcesForVersion(crd, version)
	if err != nil || sub == nil {
		return err
	}
	if sub.Status != nil {
		s.main.status = &apiextensions.CustomResourceSubresourceStatus{}
		if internal != nil {
			if st, ok := internal.Properties["status"]; ok {
				if s.main.statusValidator, _, err = apiservervalidation.NewSchemaValidator(&st); err != nil {
					return err
				}
			}
		}
		s.status = &statusStrategy{s.main}
	}
	if sub.Scale != nil {
		s.main.scale = &apiextensions.CustomResourceSubresourceScale{}
		if err := apiextv1.Convert_v1_CustomResourceSubresourceScale_To_apiextensions_CustomResourceSubresourceScale(sub.Scale, s.main.scale, nil); err != nil {
			return err
		}
	}
	return nil
}

// withSequence is the server numbering with seq: a clone that shares its
// compiled schemas and rules (which the API server, too, uses for
// concurrent requests).
func (s *Server) withSequence(seq *sequence) *Server {
	c := *s
	m := *s.main
	m.NameGenerator = &c
	c.main = &m
	if s.status != nil {
		c.status = &statusStrategy{&m}
	}
	c.seq = seq
	return &c
}

// GenerateName completes a generateName: crdgen numbers the objects of a
// server (test-00001) where the server picks five random characters, so
// that test output is the same on every run.
func (s *Server) GenerateName(base string) string {
	s.seq.names++
	return fmt.Sprintf("%s%05d", base, s.seq.names)
}

// Response is what a request got: the stored object, or the error; and
// the warnings, as the server sends them.
type Response struct {
	Object   *unstructured.Unstructured
	Err      error
	Warnings []string
	// FieldProblems are what field validation found in the body (unknown
	// and duplicate fields), one each, before the directive made them an
	// error (Strict), warnings (Warn) or nothing (Ignore): crdgen validate
	// puts each at its line.
	FieldProblems []error
}

// Create creates an object from a request body (YAML or JSON) in
// namespace, with the field validation directive fieldValidation ("" is
// Warn, as for the server).
func (s *Server) Create(body []byte, fieldValidation, namespace string) Response {
	ctx, rec := withWarnings()
	if err := checkBodySize(body); err != nil {
		return rec.response(nil, err)
	}
	obj, found, err := s.decode(ctx, body, fieldValidation)
	rec.fields = found
	if err != nil {
		return rec.response(nil, err)
	}
	if !s.main.namespaced {
		namespace = ""
	}
	ctx = genericapirequest.WithNamespace(ctx, namespace)
	om, _ := meta.Accessor(obj)
	rest.WipeObjectMetaSystemFields(om)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(namespace, om); err != nil {
		return rec.response(nil, err)
	}
	rest.FillObjectMetaSystemFields(om)
	if om.GetGenerateName() != "" && om.GetName() == "" {
		om.SetName(s.GenerateName(om.GetGenerateName()))
	}
	if err := rest.BeforeCreate(s.main, ctx, obj); err != nil {
		return rec.response(nil, err)
	}
	return rec.response(s.store(obj))
}

// Update replaces stored (the object as the server holds it) with a
// request body, on the main resource or (status) on /status.
func (s *Server) Update(stored *unstructured.Unstructured, body []byte, fieldValidation string, status bool) Response {
	ctx, rec := withWarnings()
	var strat rest.RESTUpdateStrategy = s.main
	if status {
		if s.status == nil {
			return rec.response(nil, apierrors.NewNotFound(schema.GroupResource{Group: s.gvk.Group, Resource: s.resource + "/status"}, stored.GetName()))
		}
		strat = s.status
	}
	if err := checkBodySize(body); err != nil {
		return rec.response(nil, err)
	}
	obj, found, err := s.decode(ctx, body, fieldValidation)
	rec.fields = found
	if err != nil {
		return rec.response(nil, err)
	}
	ctx = genericapirequest.WithNamespace(ctx, stored.GetNamespace())
	om, _ := meta.Accessor(obj)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(stored.GetNamespace(), om); err != nil {
		return rec.response(nil, err)
	}
	if om.GetName() != stored.GetName() {
		return rec.response(nil, apierrors.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", om.GetName(), stored.GetName())))
	}
	if err := s.precondition(om.GetName(), om.GetResourceVersion(), stored.GetResourceVersion()); err != nil {
		return rec.response(nil, err)
	}
	if err := rest.BeforeUpdate(strat, ctx, obj, stored.DeepCopy()); err != nil {
		return rec.response(nil, err)
	}
	return rec.response(s.store(obj))
}

// maxRequestBody is the API server's limit on a request body
// (apiserver's MaxRequestBodyBytes, 3 MiB).
const maxRequestBody = 3 << 20

// checkBodySize answers a body over the server's request limit as the
// server does: 413, before anything is decoded. A client sends the object
// as JSON, so that is what is measured.
func checkBodySize(body []byte) error {
	if len(body) <= maxRequestBody/4 {
		return nil // no YAML this small makes 3 MiB of JSON
	}
	js, err := sigsyaml.YAMLToJSON(body)
	if err != nil {
		return nil // decode reports it
	}
	if len(js) > maxRequestBody {
		return apierrors.NewRequestEntityTooLargeError(fmt.Sprintf("limit is %d", maxRequestBody))
	}
	return nil
}

// precondition is the resource version check of an update.
func (s *Server) precondition(name, rv, storedRV string) error {
	switch {
	case rv == "":
		return apierrors.NewInvalid(s.gvk.GroupKind(), name, field.ErrorList{
			field.Invalid(field.NewPath("metadata", "resourceVersion"), int64(0), "must be specified for an update")})
	case rv != storedRV:
		return apierrors.NewConflict(schema.GroupResource{Group: s.gvk.Group, Resource: s.resource}, name,
			fmt.Errorf("the object has been modified; please apply your changes to the latest version and try again"))
	}
	return nil
}

// Scale sets the replicas of stored through /scale: the stored object
// with the new replicas at the spec replicas path, updated as the main
// resource is.
func (s *Server) Scale(stored *unstructured.Unstructured, replicas int64) Response {
	ctx, rec := withWarnings()
	if s.main.scale == nil {
		return rec.response(nil, apierrors.NewNotFound(schema.GroupResource{Group: s.gvk.Group, Resource: s.resource + "/scale"}, stored.GetName()))
	}
	ctx = genericapirequest.WithNamespace(ctx, stored.GetNamespace())
	obj := stored.DeepCopy()
	path := strings.Split(strings.TrimPrefix(s.main.scale.SpecReplicasPath, "."), ".")
	if err := unstructured.SetNestedField(obj.Object, replicas, path...); err != nil {
		return rec.response(nil, apierrors.NewBadRequest(err.Error()))
	}
	if err := rest.BeforeUpdate(s.main, ctx, obj, stored.DeepCopy()); err != nil {
		return rec.response(nil, err)
	}
	return rec.response(s.store(obj))
}

// store stores an object as the server does: pruned and written as JSON,
// then read back (metadata repaired, defaulted, pruned), with a new
// resource version.
func (s *Server) store(obj *unstructured.Unstructured) (*unstructured.Unstructured, error) {
	w := obj.DeepCopy()
	if _, err := s.coerce(w, coercion{}); err != nil {
		return nil, apierrors.NewInternalError(err)
	}
	data, err := json.Marshal(w.Object)
	if err != nil {
		return nil, apierrors.NewInternalError(err)
	}
	out, err := s.Read(data)
	if err != nil {
		return nil, err
	}
	s.seq.rv++
	out.SetResourceVersion(strconv.Itoa(s.seq.rv))
	return out, nil
}

// Read reads a stored object (JSON) as the server's storage does with this
// version's CRD: an object stored under another schema is pruned and
// defaulted by this one.
func (s *Server) Read(data []byte) (*unstructured.Unstructured, error) {
	out := &unstructured.Unstructured{}
	if err := out.UnmarshalJSON(data); err != nil {
		return nil, apierrors.NewInternalError(err)
	}
	if _, err := s.coerce(out, coercion{dropInvalidMetadata: true, repairGeneration: true}); err != nil {
		return nil, apierrors.NewInternalError(err)
	}
	s.defaults(out)
	if _, err := s.coerce(out, coercion{}); err != nil {
		return nil, apierrors.NewInternalError(err)
	}
	return out, nil
}

// coercion says how coerce treats what it finds.
type coercion struct {
	dropInvalidMetadata, repairGeneration, unknownFieldPaths bool
}

// coerce prunes an object of its CRD's kind to the schema of its version,
// drops nulls that are neither nullable nor defaulted, and makes its
// metadata (and that of embedded objects) ObjectMeta; with
// unknownFieldPaths, it returns the paths of the fields it dropped.
func (s *Server) coerce(u *unstructured.Unstructured, c coercion) ([]string, error) {
	kind, hasKind, _ := unstructured.NestedString(u.Object, "kind")
	apiVersion, hasAPIVersion, _ := unstructured.NestedString(u.Object, "apiVersion")
	om, hasMeta, unknown, err := schemaobjectmeta.GetObjectMetaWithOptions(u.Object, schemaobjectmeta.ObjectMetaOptions{
		DropMalformedFields: c.dropInvalidMetadata, ReturnUnknownFieldPaths: c.unknownFieldPaths})
	if err != nil {
		return nil, err
	}
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return nil, err
	}
	if gv.Group == s.gvk.Group && kind == s.gvk.Kind {
		// A version the CRD does not have has no schema: everything but
		// apiVersion, kind and metadata is pruned, as by the server.
		ss := s.schemas[gv.Version]
		unknown = append(unknown, structuralpruning.PruneWithOptions(u.Object, ss, true,
			structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: c.unknownFieldPaths})...)
		structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u.Object, ss)
		ferr, paths := schemaobjectmeta.CoerceWithOptions(nil, u.Object, ss, false,
			schemaobjectmeta.CoerceOptions{DropInvalidFields: c.dropInvalidMetadata, ReturnUnknownFieldPaths: c.unknownFieldPaths})
		if ferr != nil {
			return nil, ferr
		}
		unknown = append(unknown, paths...)
		if c.repairGeneration && om.Generation == 0 {
			om.Generation = 1
		}
	}
	if hasKind {
		u.SetKind(kind)
	}
	if hasAPIVersion {
		u.SetAPIVersion(apiVersion)
	}
	if hasMeta {
		if err := schemaobjectmeta.SetObjectMeta(u.Object, om); err != nil {
			return nil, err
		}
	}
	return unknown, nil
}

// defaults applies the schema's defaults to an object of the CRD's kind.
func (s *Server) defaults(u *unstructured.Unstructured) {
	gvk := u.GroupVersionKind()
	if gvk.GroupKind() == s.gvk.GroupKind() {
		structuraldefaulting.Default(u.Object, s.schemas[gvk.Version])
	}
}

// recorder keeps the warnings of a request, once each, in order, as the
// server's warning filter does.
type recorder struct {
	mu     sync.Mutex
	seen   map[string]bool
	list   []string
	fields []error
}

func withWarnings() (context.Context, *recorder) {
	rec := &recorder{seen: map[string]bool{}}
	return warning.WithWarningRecorder(context.Background(), rec), rec
}

func (r *recorder) AddWarning(_, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if text != "" && !r.seen[text] {
		r.seen[text] = true
		r.list = append(r.list, text)
	}
}

func (r *recorder) response(obj *unstructured.Unstructured, err error) Response {
	return Response{Object: obj, Err: err, Warnings: r.list, FieldProblems: r.fields}
}
