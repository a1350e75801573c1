package schemagen

// This file runs the API server's own create-time validation on a CRD, as
// crdgen writes it, and reports its findings at the Go source.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemapath"
)

// Validator judges CRDs with the API server's code: the apiextensions
// scheme's strict decoding, defaulting and conversion to the internal type,
// then ValidateCustomResourceDefinition, exactly as a create request does.
type Validator struct {
	scheme *runtime.Scheme
	codecs serializer.CodecFactory
}

// NewValidator builds the API server's scheme for apiextensions.k8s.io.
func NewValidator() *Validator {
	s := runtime.NewScheme()
	install.Install(s)
	return &Validator{scheme: s, codecs: serializer.NewCodecFactory(s, serializer.EnableStrict)}
}

// Internal decodes a CRD (JSON or YAML) as the API server decodes a create
// request, and returns the internal object it would validate.
func (v *Validator) Internal(data []byte) (*apiextensions.CustomResourceDefinition, error) {
	obj, _, err := v.codecs.UniversalDeserializer().Decode(data, nil, nil)
	if err != nil {
		return nil, err
	}
	ext, ok := obj.(*apiextv1.CustomResourceDefinition)
	if !ok {
		return nil, fmt.Errorf("decoded %T, want an apiextensions.k8s.io/v1 CustomResourceDefinition", obj)
	}
	v.scheme.Default(ext)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := v.scheme.Convert(ext, internal, nil); err != nil {
		return nil, err
	}
	prepareForCreate(internal)
	return internal, nil
}

// Finding is one thing the API server's validation says of a CRD: its
// error (nil for a warning the server gives when it creates the CRD), and
// the diagnostic that reports it at the Go source.
type Finding struct {
	Err  *field.Error
	Diag markers.Diagnostic
}

// Validate runs the API server's validation on the internal object of a
// CRD (see Internal), and the format check it warns with on creation.
// Which findings are about CEL rules is celcost's to say (celcost.Judge).
func (v *Validator) Validate(c *CRD, internal *apiextensions.CustomResourceDefinition) []Finding {
	var out []Finding
	for _, e := range validation.ValidateCustomResourceDefinition(context.Background(), internal) {
		out = append(out, Finding{Err: e, Diag: markers.Diagnostic{Pos: c.Locate(e.Field), Code: markers.CodeAPIServer,
			Msg: fmt.Sprintf("the API server rejects CRD %s: %s", c.Object.Name, e.Error())}})
	}
	for _, d := range unrecognizedFormats(c) {
		out = append(out, Finding{Diag: d})
	}
	return out
}

// unrecognizedFormats warns, as the API server does when the CRD is
// created, about formats it does not know (and so does not check), at the
// marker that set each, with the server's own list of formats.
func unrecognizedFormats(c *CRD) markers.ErrorList {
	var diags markers.ErrorList
	compat := environment.DefaultCompatibilityVersion()
	for i, v := range c.Object.Spec.Versions {
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil || i >= len(c.Kinds) || !c.Kinds[i].Package().Local {
			continue
		}
		base := fmt.Sprintf("spec.versions[%d].schema.openAPIV3Schema", i)
		schemapath.Walk(v.Schema.OpenAPIV3Schema, func(s *apiextv1.JSONSchemaProps, path schemapath.Path) bool {
			if s.Format == "" {
				return true
			}
			probe := &spec.Schema{SchemaProps: spec.SchemaProps{Format: s.Format, Type: []string{s.Type}}}
			for _, f := range apiservervalidation.GetUnrecognizedFormats(probe, compat) {
				diags.Warnf(c.Locate(base+path.ServerForm()+".format"), markers.CodeAPIServer,
					"unrecognized format %q: the API server warns about it when the CRD is created, and checks nothing for it", f)
			}
			return true
		})
	}
	return diags
}

// CheckDefaults validates every default of a CRD's schemas against the
// schema around it with the API server's own defaulting validation, and
// reports problems at the marker that set the default. The API server's CRD
// validation checks defaults only when the schema has no other problem, so
// a caller whose validation failed runs this to report bad defaults with
// the rest; when validation passed, the defaults are valid.
func CheckDefaults(c *CRD) markers.ErrorList {
	var diags markers.ErrorList
	for i, v := range c.Object.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil && i < len(c.Kinds) {
			checkDefaults(c.Kinds[i], v.Schema.OpenAPIV3Schema, &diags)
		}
	}
	return diags.Sorted()
}

// checkDefaults validates the defaults of one version's schema.
func checkDefaults(k *model.Kind, s *apiextv1.JSONSchemaProps, diags *markers.ErrorList) {
	if !schemapath.Has(s, func(x *apiextv1.JSONSchemaProps) bool { return x.Default != nil }) {
		return
	}
	internal := &apiextensions.JSONSchemaProps{}
	if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(s, internal, nil); err != nil {
		return
	}
	ss, err := structuralschema.NewStructural(internal)
	if err != nil {
		return // not structural: reported elsewhere
	}
	root := field.NewPath("spec", "validation", "openAPIV3Schema")
	errs, err := defaulting.ValidateDefaults(context.Background(), root, ss, true, true)
	if err != nil {
		return
	}
	for _, e := range errs {
		path := strings.TrimPrefix(e.Field, root.String()+".")
		pos := locateSchema(k.Type, schemapath.Split(path))
		diags.Errorf(pos, markers.CodeDefault, "%s", defaultMessage(e))
	}
}

// defaultMessage words a default validation error for the author of the
// default: the value, and what the schema wants of it.
func defaultMessage(e *field.Error) string {
	detail := strings.TrimSpace(e.Detail)
	detail = strings.TrimSpace(strings.TrimPrefix(detail, "in body"))
	if e.Type != field.ErrorTypeInvalid || e.BadValue == nil {
		return "the default is not valid for its schema: " + strings.TrimSpace(e.ErrorBody())
	}
	v, err := json.Marshal(e.BadValue)
	if err != nil {
		v = []byte(fmt.Sprint(e.BadValue))
	}
	return fmt.Sprintf("the default %s is not valid for its schema: %s", v, detail)
}

// InternalOf returns the internal object the API server would validate for
// a CRD, as Internal does for the CRD's JSON, without encoding and decoding
// it: the same defaulting and conversion, on a copy where defaulting writes
// (obj is not changed).
func (v *Validator) InternalOf(obj *apiextv1.CustomResourceDefinition) (*apiextensions.CustomResourceDefinition, error) {
	c := *obj
	c.Spec.Conversion = obj.Spec.Conversion.DeepCopy()
	c.Status = apiextv1.CustomResourceDefinitionStatus{}
	c.CreationTimestamp = metav1.Time{}
	v.scheme.Default(&c)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := v.scheme.Convert(&c, internal, nil); err != nil {
		return nil, err
	}
	prepareForCreate(internal)
	return internal, nil
}

// prepareForCreate does what the registry's PrepareForCreate does before
// validating.
func prepareForCreate(internal *apiextensions.CustomResourceDefinition) {
	internal.Status = apiextensions.CustomResourceDefinitionStatus{}
	internal.Generation = 1
	for _, ver := range internal.Spec.Versions {
		if ver.Storage {
			internal.Status.StoredVersions = []string{ver.Name}
			break
		}
	}
}
