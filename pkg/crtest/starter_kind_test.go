package crtest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/featureset"
	"github.com/crdgen/crdgen/pkg/model"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// crdOf is a CRD of kind in group, stored at v1 in a package at dir.
func crdOf(kind, group, plural, dir string, local bool) *schemagen.CRD {
	pkg := &model.Package{Dir: dir, Local: local}
	return &schemagen.CRD{
		Object: &apiextv1.CustomResourceDefinition{
			ObjectMeta: metav1.ObjectMeta{Name: plural + "." + group},
			Spec: apiextv1.CustomResourceDefinitionSpec{Group: group, Names: apiextv1.CustomResourceDefinitionNames{Kind: kind, Plural: plural},
				Versions: []apiextv1.CustomResourceDefinitionVersion{{Name: "v1", Storage: true}}},
		},
		Kinds: []*model.Kind{{Type: &model.Type{Package: pkg}}},
	}
}

func TestFindKind(t *testing.T) {
	widget := crdOf("Widget", "a.io", "widgets", "/m/api/v1", true)
	other := crdOf("Widget", "b.io", "widgets", "/m/other/v1", true)
	gadget := crdOf("Gadget", "a.io", "gadgets", "/m/api/v1", true)
	beta := &featureset.Set{Name: "beta", Gates: []string{"B"}}
	sets := []SetCRDs{{Set: &featureset.Set{Name: "ga"}, CRDs: []*schemagen.CRD{gadget}}, {Set: beta, CRDs: []*schemagen.CRD{widget, other, gadget}}}
	for _, tc := range []struct {
		kind, want, wantErr string
		wantGates           []string
	}{
		{kind: "Widget.a.io", want: "widgets.a.io", wantGates: []string{"-A", "B"}},
		{kind: "gadgets.a.io", want: "gadgets.a.io", wantGates: []string{"-A", "-B"}},
		{kind: "Widget", wantErr: "widgets.a.io and widgets.b.io have that kind; say which with Kind.group"},
		{kind: "Gadgte", wantErr: "no CRD of the packages has that kind, did you mean Gadget?"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			crd, gates, err := FindKind(tc.kind, sets, []string{"A", "B"})
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("got %v, want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil || crd.Object.Name != tc.want || !slices.Equal(gates, tc.wantGates) {
				t.Errorf("got %v, %q, %v; want %s, %q", crd, gates, err, tc.want, tc.wantGates)
			}
		})
	}
}

func TestStarterPathAndSummary(t *testing.T) {
	if got, ok := StarterPath(crdOf("Widget", "a.io", "widgets", "/m/api/v1", true)); !ok || got != filepath.Join("/m/api/v1", "tests", "widgets.a.io", "widget.yaml") {
		t.Errorf("got %q, %v", got, ok)
	}
	if _, ok := StarterPath(crdOf("Widget", "a.io", "widgets", "/mod/cache/v1", false)); ok {
		t.Errorf("a package outside the main module has a starter path")
	}
	s := &StarterSuite{Cases: 1, Skipped: 2, Full: true}
	want := fmt.Sprintf("wrote t.yaml: 1 case; 2 validations have no case (see its comments); it stops at %d failing cases", MaxStarterCases)
	if got := s.Summary("t.yaml"); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestReadSuitesReportsMalformedOnes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("apiVersion: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	suites, diags, err := ReadSuites([]string{bad}, safefile.OS{})
	if err != nil || len(suites) != 0 || len(diags) != 1 || diags[0].Pos.Filename != bad {
		t.Errorf("got %v suites, %v, %v; want one diagnostic at %s", len(suites), diags, err, bad)
	}
	if _, _, err := ReadSuites([]string{filepath.Join(dir, "missing.yaml")}, safefile.OS{}); err == nil {
		t.Errorf("a missing file: got no error")
	}
}
