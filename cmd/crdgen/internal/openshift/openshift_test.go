package openshift

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/featureset"
)

func TestWithLayoutSetsTheFilesAnnotations(t *testing.T) {
	obj := &apiextv1.CustomResourceDefinition{ObjectMeta: metav1.ObjectMeta{Name: "a.b", Annotations: map[string]string{featureGateAnnotation: "G"}}}
	got := withLayout(obj, featureset.LayoutFile{Profiles: []string{"Hypershift"}, FeatureSets: []string{"Default", "TechPreviewNoUpgrade"}, DropFeatureGate: true})
	want := map[string]string{
		featureset.ProfileAnnotation("Hypershift"): "true",
		featureSetAnnotation:                       "Default,TechPreviewNoUpgrade",
	}
	if !maps.Equal(got.Annotations, want) {
		t.Errorf("got %v, want %v", got.Annotations, want)
	}
	if obj.Annotations[featureGateAnnotation] != "G" || len(obj.Annotations) != 1 {
		t.Errorf("withLayout changed the CRD it copies: %v", obj.Annotations)
	}
}

func TestHarnessSet(t *testing.T) {
	sets := []*featureset.Set{
		{Name: "a", Profile: "Hypershift", FeatureSet: "Default"},
		{Name: "b", Profile: "SelfManagedHA", FeatureSet: "Default"},
		{Name: "c", Profile: "SelfManagedHA", FeatureSet: featureset.CustomNoUpgrade},
	}
	for _, tc := range []struct {
		name string
		f    featureset.LayoutFile
		want string
	}{
		{"first profile, Default when no feature set", featureset.LayoutFile{Profiles: []string{"SelfManagedHA"}}, "b"},
		{"CustomNoUpgrade first", featureset.LayoutFile{Profiles: []string{"SelfManagedHA"}, FeatureSets: []string{"Default", featureset.CustomNoUpgrade}}, "c"},
		{"no profile: the first set", featureset.LayoutFile{}, "a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := harnessSet(tc.f, sets).Name; got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	if got := featureSets(sets); !slices.Equal(got, []string{"Default", featureset.CustomNoUpgrade}) {
		t.Errorf("featureSets: got %q", got)
	}
}

func TestReadFeatureGatesWantsManifests(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("not a manifest"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := ReadFeatureGates(&config.OpenShift{FeatureGates: dir}, safefile.OS{}, func(string) string { return "gates" })
	if want := "openshift.featureGates: gates holds no FeatureGate manifest"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
