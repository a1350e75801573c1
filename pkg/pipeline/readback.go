package pipeline

// This file implements reading a result's CRDs back from the YAML it
// wrote of them: the files users get are what later steps (JSON Schema,
// the API reference) are made of, the same however the run went (a
// remembered build has no object, and objects are kept only when asked).

import (
	"fmt"
	"maps"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Objects reads the CRDs back from the result's YAML files, in the order
// of their file names.
func (r *Result) Objects() ([]*apiextv1.CustomResourceDefinition, error) {
	var out []*apiextv1.CustomResourceDefinition
	for _, name := range slices.Sorted(maps.Keys(r.Files)) {
		data, err := r.Files[name].Bytes()
		if err != nil {
			return nil, err
		}
		crd := &apiextv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(data, crd); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		out = append(out, crd)
	}
	return out, nil
}

// WithObjects returns copies of the result's CRDs with their objects read
// back from the YAML written of each.
func (r *Result) WithObjects() ([]*schemagen.CRD, error) {
	out := make([]*schemagen.CRD, len(r.CRDs))
	for i, crd := range r.CRDs {
		f, ok := r.Files[crd.FileName]
		if !ok {
			return nil, fmt.Errorf("no YAML for the CRD %s", crd.FileName)
		}
		data, err := f.Bytes()
		if err != nil {
			return nil, err
		}
		obj := &apiextv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(data, obj); err != nil {
			return nil, fmt.Errorf("reading back %s: %v", crd.FileName, err)
		}
		c := *crd
		c.Object = obj
		out[i] = &c
	}
	return out, nil
}
