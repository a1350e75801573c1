package generators

// This file implements the schemas conversions are judged by: each
// version's openAPIV3Schema in the CRDs the run built, as crdgen writes
// them.

import (
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// ConversionSchemas gives convgen each version's schema: from the CRDs of
// results (those without feature sets, or the first set's), read back from
// their YAML when the run did not keep the objects; when the run built no
// CRDs (crdgen conversion, --generators conversion), from schemagen's
// CRDs of the model, built here for that alone.
func ConversionSchemas(m *model.Model, results pipeline.SetResults) convgen.Schemas {
	type version struct {
		crd *schemagen.CRD
		i   int
	}
	var once sync.Once
	where := map[*model.Kind]version{}
	objects := map[*schemagen.CRD]*apiextv1.CustomResourceDefinition{}
	var res *pipeline.Result
	if len(results) > 0 {
		res = results[0].Result
	}
	load := func() {
		crds := []*schemagen.CRD(nil)
		if res != nil {
			crds = res.CRDs
		} else {
			// Descriptions are not compared; floats are numbers.
			none := 0
			crds, _ = schemagen.Generate(m, schemagen.Options{AllowDangerousTypes: true, MaxDescriptionLength: &none})
		}
		for _, c := range crds {
			for i, k := range c.Kinds {
				where[k] = version{c, i}
			}
		}
	}
	return func(k *model.Kind) *apiextv1.JSONSchemaProps {
		once.Do(load)
		v, ok := where[k]
		if !ok {
			return nil
		}
		obj, ok := objects[v.crd]
		if !ok {
			obj = v.crd.Object
			if obj == nil {
				// The run keeps only the YAML, as crdgen writes it.
				obj = readCRD(res, v.crd.FileName)
			}
			objects[v.crd] = obj
		}
		if obj == nil || len(obj.Spec.Versions) != len(v.crd.Kinds) || obj.Spec.Versions[v.i].Schema == nil {
			return nil
		}
		return obj.Spec.Versions[v.i].Schema.OpenAPIV3Schema
	}
}

// readCRD reads a CRD of a run back from its YAML; nil when it cannot.
func readCRD(res *pipeline.Result, name string) *apiextv1.CustomResourceDefinition {
	if res == nil {
		return nil
	}
	f, ok := res.Files[name]
	if !ok {
		return nil
	}
	data, err := f.Bytes()
	if err != nil {
		return nil
	}
	var obj apiextv1.CustomResourceDefinition
	if yaml.Unmarshal(data, &obj) != nil {
		return nil
	}
	return &obj
}
