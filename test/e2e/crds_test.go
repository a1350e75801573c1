package e2e

// This file implements generating the test API's CRDs with crdgen's own
// packages and creating them on the API server.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/rest"

	"github.com/crdgen/crdgen/pkg/crdyaml"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// generateCRDs runs crdgen's pipeline on apiPatterns, as "crdgen crd" does,
// and returns the CRDs. Any error diagnostic fails it; warnings are
// printed.
func generateCRDs() ([]*apiextv1.CustomResourceDefinition, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	mod, diags, err := model.Load(context.Background(), apiPatterns(), model.Options{
		Dir:            root,
		Opaque:         schemagen.IsKnownType,
		UnknownMarkers: markers.Error,
	})
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(apiPatterns(), " "), err)
	}
	if mod != nil {
		crds, gdiags := schemagen.Generate(mod, schemagen.Options{})
		diags.Append(gdiags)
		if !diags.HasErrors() {
			for _, d := range diags {
				fmt.Fprintf(os.Stderr, "e2e: %s\n", d)
			}
			out := make([]*apiextv1.CustomResourceDefinition, len(crds))
			for i, c := range crds {
				out[i] = c.Object
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

// createCRDs creates the CRDs, after patch when it is not nil, and waits
// until the server serves them all. They are sent as the YAML crdgen
// writes (crdyaml.Marshal), with strict field validation, as kubectl sends
// a file. It returns the CRDs as the server holds them, by kind.
func createCRDs(config *rest.Config, crds []*apiextv1.CustomResourceDefinition, patch func(*apiextv1.CustomResourceDefinition) error) (map[string]*apiextv1.CustomResourceDefinition, error) {
	cs, err := clientset.NewForConfig(config)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	for _, crd := range crds {
		if patch != nil {
			if err := patch(crd); err != nil {
				return nil, fmt.Errorf("patching CRD %s: %w", crd.Name, err)
			}
		}
		y, err := crdyaml.Marshal(crd)
		if err != nil {
			return nil, err
		}
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
