package e2e

// This file implements generating the test API's CRDs with crdgen's own
// packages and creating them on the API server.

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/pkg/crdyaml"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/parser"
	"github.com/crdgen/crdgen/pkg/pipeline"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// generatedCRD is a CRD as crdgen writes it: its file's bytes, and the
// object they hold.
type generatedCRD struct {
	yaml []byte
	obj  *apiextv1.CustomResourceDefinition
}

// generateCRDs runs crdgen's pipeline on apiPatterns, as "crdgen crd" does,
// and returns the CRD files it would write. Any error diagnostic fails it;
// warnings are printed.
func generateCRDs() ([]generatedCRD, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	mod, diags, err := parser.Load(context.Background(), apiPatterns(), parser.Options{
		Dir:            root,
		WellKnown:      schemagen.IsWellKnown,
		UnknownMarkers: markers.Error,
	})
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(apiPatterns(), " "), err)
	}
	if mod != nil {
		res, all, err := pipeline.Run(mod, diags, pipeline.Options{Patterns: apiPatterns()}, nil)
		if err != nil {
			return nil, err
		}
		defer res.Close()
		diags = all
		if res != nil && !diags.HasErrors() {
			for _, d := range diags {
				fmt.Fprintf(os.Stderr, "e2e: %s\n", d)
			}
			var out []generatedCRD
			for _, name := range slices.Sorted(maps.Keys(res.Files)) {
				data, err := res.Files[name].Bytes()
				if err != nil {
					return nil, err
				}
				obj := &apiextv1.CustomResourceDefinition{}
				if err := yaml.UnmarshalStrict(data, obj); err != nil {
					return nil, fmt.Errorf("%s: %w", name, err)
				}
				out = append(out, generatedCRD{yaml: data, obj: obj})
			}
			return out, nil
		}
	}
	var lines []string
	for _, d := range diags.Sorted() {
		lines = append(lines, d.String())
	}
	return nil, fmt.Errorf("crdgen reports errors on %s:\n%s", strings.Join(apiPatterns(), " "), strings.Join(lines, "\n"))
}

// moduleRoot returns crdgen's module root: go test runs in the package's
// directory, two levels below it.
func moduleRoot() (string, error) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", fmt.Errorf("module root not found: %w", err)
	}
	return root, nil
}

// createCRDs creates the CRDs and waits until the server serves them all.
// Each is sent as the file crdgen writes, with strict field validation, as
// kubectl sends a file; patch, when it is not nil, may change a CRD first
// (what the test server needs and markers cannot say), and a CRD it
// changes is sent as crdgen would write the changed object. It returns the
// CRDs as the server holds them, by kind.
func createCRDs(config *rest.Config, generated []generatedCRD, patch func(*apiextv1.CustomResourceDefinition) error) (map[string]*apiextv1.CustomResourceDefinition, error) {
	cs, err := clientset.NewForConfig(config)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	var crds []*apiextv1.CustomResourceDefinition
	for _, g := range generated {
		crd, y := g.obj.DeepCopy(), g.yaml
		if patch != nil {
			if err := patch(crd); err != nil {
				return nil, fmt.Errorf("patching CRD %s: %w", crd.Name, err)
			}
		}
		if !equality.Semantic.DeepEqual(crd, g.obj) {
			if y, err = crdyaml.Marshal(crd); err != nil {
				return nil, err
			}
		}
		crds = append(crds, crd)
		err = cs.ApiextensionsV1().RESTClient().Post().
			Resource("customresourcedefinitions").
			Param("fieldValidation", "Strict").
			SetHeader("Content-Type", "application/yaml").
			Body(y).
			Do(ctx).Error()
		if err != nil {
			return nil, fmt.Errorf("the API server rejects CRD %s: %w", crd.Name, err)
		}
	}
	return waitServed(ctx, cs, crds)
}

// waitServed waits until every CRD is Established and each of its served
// versions is in discovery, and then until the server no longer delays the
// first create of a custom resource: it sleeps 2s in a create that comes
// within 2s of its CRD becoming Established (customresource_handler.go), so
// waiting once here saves every test that wait.
func waitServed(ctx context.Context, cs clientset.Interface, crds []*apiextv1.CustomResourceDefinition) (map[string]*apiextv1.CustomResourceDefinition, error) {
	served := map[string]*apiextv1.CustomResourceDefinition{}
	var latest time.Time
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		for _, crd := range crds {
			if served[crd.Spec.Names.Kind] != nil {
				continue
			}
			got, err := cs.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, crd.Name, metav1.GetOptions{})
			if err != nil {
				return false, err
			}
			est := condition(got, apiextv1.Established)
			if est == nil || est.Status != apiextv1.ConditionTrue || !inDiscovery(cs, got) || !listable(ctx, cs, got) {
				return false, nil
			}
			served[crd.Spec.Names.Kind] = got
			if t := est.LastTransitionTime.Time; t.After(latest) {
				latest = t
			}
		}
		return true, nil
	})
	if err != nil {
		var missing []string
		for _, crd := range crds {
			if served[crd.Spec.Names.Kind] == nil {
				missing = append(missing, crd.Name)
			}
		}
		return nil, fmt.Errorf("waiting for CRDs %s to be served: %w", strings.Join(missing, ", "), err)
	}
	time.Sleep(time.Until(latest.Add(2*time.Second + 100*time.Millisecond)))
	return served, nil
}

// condition returns the CRD's condition of type ct, or nil.
func condition(crd *apiextv1.CustomResourceDefinition, ct apiextv1.CustomResourceDefinitionConditionType) *apiextv1.CustomResourceDefinitionCondition {
	for i, c := range crd.Status.Conditions {
		if c.Type == ct {
			return &crd.Status.Conditions[i]
		}
	}
	return nil
}

// listable reports whether every served version of the CRD can be listed:
// the server answers 429 "storage is (re)initializing" until the CRD's
// storage has started, which a test must not meet.
func listable(ctx context.Context, cs clientset.Interface, crd *apiextv1.CustomResourceDefinition) bool {
	for _, v := range crd.Spec.Versions {
		if !v.Served {
			continue
		}
		path := "/apis/" + crd.Spec.Group + "/" + v.Name + "/" + crd.Spec.Names.Plural
		if err := cs.Discovery().RESTClient().Get().AbsPath(path).Param("limit", "1").Do(ctx).Error(); err != nil {
			return false
		}
	}
	return true
}

// inDiscovery reports whether every served version of the CRD is listed in
// the server's discovery.
func inDiscovery(cs clientset.Interface, crd *apiextv1.CustomResourceDefinition) bool {
	for _, v := range crd.Spec.Versions {
		if !v.Served {
			continue
		}
		list, err := cs.Discovery().ServerResourcesForGroupVersion(crd.Spec.Group + "/" + v.Name)
		if err != nil {
			return false
		}
		if !slices.ContainsFunc(list.APIResources, func(r metav1.APIResource) bool { return r.Name == crd.Spec.Names.Plural }) {
			return false
		}
	}
	return true
}
