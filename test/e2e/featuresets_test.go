package e2e

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	clientset "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// featureSetCase is the golden case whose feature sets this test installs.
const featureSetCase = "./testdata/feature_sets_gate_versions_kinds_fields_markers/..."

// TestFeatureSetsOnTheServer installs the widgets CRD of the stable set of
// a feature set case, sees the API server reject an object that only the
// preview set allows, replaces the CRD with the preview set's (a change
// the server accepts), and sees the same object accepted, with the field
// only the preview set has.
func TestFeatureSetsOnTheServer(t *testing.T) {
	c := newClient(t)
	stable := setCRD(t, &featureset.Set{Name: "stable"}, "widgets.gates.crdgen.dev")
	preview := setCRD(t, &featureset.Set{Name: "preview", Gates: []string{"Preview"}, Unserved: []string{"v1beta*"}}, "widgets.gates.crdgen.dev")
	if _, err := createCRDs(env.config, []generatedCRD{stable}, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := clientset.NewForConfig(env.config)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	defer cs.ApiextensionsV1().CustomResourceDefinitions().Delete(ctx, stable.obj.Name, metav1.DeleteOptions{})

	widgets := c.dyn.Resource(schema.GroupVersionResource{Group: "gates.crdgen.dev", Version: "v1", Resource: "widgets"}).Namespace(c.ns)
	obj := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "gates.crdgen.dev/v1", "kind": "Widget", "metadata": map[string]any{"name": "turbo"},
		"spec": map[string]any{"size": int64(50), "mode": "Turbo", "turbo": true, "pin": "p"},
	}}
	_, err = widgets.Create(ctx, obj, metav1.CreateOptions{})
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), `Unsupported value: "Turbo"`) || !strings.Contains(err.Error(), "less than or equal to 10") {
		t.Fatalf("the stable set's CRD: creating a preview object got %v, want it invalid (mode and size)", err)
	}

	err = wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		cur, err := cs.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, stable.obj.Name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		cur.Spec = preview.obj.Spec
		cur.Annotations = preview.obj.Annotations
		_, err = cs.ApiextensionsV1().CustomResourceDefinitions().Update(ctx, cur, metav1.UpdateOptions{})
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return err == nil, err
	})
	if err != nil {
		t.Fatalf("the API server rejects the preview set's CRD as an update of the stable one's: %v", err)
	}
	var lastErr error
	err = wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		got, err := widgets.Create(ctx, obj.DeepCopy(), metav1.CreateOptions{})
		lastErr = err
		if err != nil {
			return false, nil
		}
		if turbo, _, _ := unstructured.NestedBool(got.Object, "spec", "turbo"); !turbo {
			t.Errorf("the preview set's CRD stored %v, without spec.turbo", got.Object["spec"])
		}
		return true, nil
	})
	if err != nil {
		t.Fatalf("the preview set's CRD never accepted the object: %v", lastErr)
	}
}

// setCRD builds the CRDs of the feature set case for one set, as crdgen
// crd does, and returns the one named name.
func setCRD(t *testing.T, set *featureset.Set, name string) generatedCRD {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	patterns := []string{featureSetCase}
	mod, diags, err := parser.Load(context.Background(), patterns, parser.Options{
		Dir: root, WellKnown: schemagen.IsWellKnown, UnknownMarkers: markers.Error, FeatureGates: []string{"Legacy", "Preview"},
	})
	if err != nil || diags.HasErrors() {
		t.Fatalf("loading %s: %v %v", featureSetCase, err, diags.Errors())
	}
	res, diags, err := pipeline.Run(mod, diags, pipeline.Options{Patterns: patterns, Schema: schemagen.Options{Set: set}}, nil)
	if err != nil || diags.HasErrors() {
		t.Fatalf("building the %s set: %v %v", set.Name, err, diags.Errors())
	}
	defer res.Close()
	for file, f := range res.Files {
		if !strings.HasSuffix(file, "_"+strings.Split(name, ".")[0]+".yaml") {
			continue
		}
		data, err := f.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		obj := &apiextv1.CustomResourceDefinition{}
		if err := yaml.UnmarshalStrict(data, obj); err != nil {
			t.Fatal(err)
		}
		return generatedCRD{yaml: data, obj: obj}
	}
	t.Fatalf("the %s set has no CRD %s (it has %v)", set.Name, name, slices.Sorted(maps.Keys(res.Files)))
	return generatedCRD{}
}
