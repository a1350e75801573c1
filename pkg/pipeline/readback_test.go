package pipeline

import (
	"testing"

	"github.com/crdgen/crdgen/pkg/schemagen"
)

func TestReadBack(t *testing.T) {
	r := &Result{
		CRDs: []*schemagen.CRD{{FileName: "b_ys.yaml"}},
		Files: map[string]File{
			"b_ys.yaml": FileOf([]byte("kind: CustomResourceDefinition\nmetadata:\n  name: ys.b\n")),
			"a_xs.yaml": FileOf([]byte("kind: CustomResourceDefinition\nmetadata:\n  name: xs.a\n")),
		},
	}
	objs, err := r.Objects()
	if err != nil || len(objs) != 2 || objs[0].Name != "xs.a" || objs[1].Name != "ys.b" {
		t.Fatalf("Objects: got %v, %v; want xs.a then ys.b", objs, err)
	}
	crds, err := r.WithObjects()
	if err != nil || crds[0].Object.Name != "ys.b" || r.CRDs[0].Object != nil {
		t.Fatalf("WithObjects: got %v, %v; want a copy with ys.b's object", crds, err)
	}
	r.CRDs = append(r.CRDs, &schemagen.CRD{FileName: "c_zs.yaml"})
	if _, err := r.WithObjects(); err == nil || err.Error() != "no YAML for the CRD c_zs.yaml" {
		t.Errorf("a CRD without YAML: got %v", err)
	}
}
