package schemagen

// This file runs the API server's own create-time validation on a CRD, as
// crdgen writes it, and reports its findings at the Go source.

import (
	"context"
	"fmt"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"

	"github.com/crdgen/crdgen/pkg/markers"
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
	// What the registry's PrepareForCreate does before validating.
	internal.Status = apiextensions.CustomResourceDefinitionStatus{}
	internal.Generation = 1
	for _, ver := range internal.Spec.Versions {
		if ver.Storage {
			internal.Status.StoredVersions = []string{ver.Name}
			break
		}
	}
	return internal, nil
}

// Validate runs the API server's validation on a CRD as Encode wrote it (the
// JSON a client sends), and returns every problem at the Go position
// responsible for it.
func (v *Validator) Validate(c *CRD, enc Encoded) markers.ErrorList {
	var diags markers.ErrorList
	internal, err := v.Internal(enc.JSON)
	if err != nil {
		diags.Errorf(c.Kinds[0].Type.Pos, markers.CodeAPIServer, "the API server cannot decode CRD %s: %v", c.Object.Name, err)
		return diags
	}
	for _, e := range validation.ValidateCustomResourceDefinition(context.Background(), internal) {
		diags.Errorf(c.Locate(e.Field), markers.CodeAPIServer, "the API server rejects CRD %s: %s", c.Object.Name, e.Error())
	}
	return diags
}
