package applyconfig

import (
	"slices"
	"testing"

	"github.com/crdgen/crdgen/pkg/model"
)

func TestParseClientTags(t *testing.T) {
	cases := []struct {
		name    string
		lines   []string
		root    bool
		ns      bool
		wantErr string
	}{
		{name: "no tags", lines: []string{"Foo is a foo."}},
		{name: "genclient", lines: []string{"+genclient"}, root: true},
		{name: "indented by spaces", lines: []string{"  +genclient  "}, root: true},
		{name: "cluster scoped", lines: []string{"+genclient", "+genclient:nonNamespaced"}, root: true, ns: true},
		{name: "only read verbs", lines: []string{"+genclient", "+genclient:onlyVerbs=get,list"}},
		{name: "readonly", lines: []string{"+genclient", "+genclient:readonly"}},
		{name: "apply kept", lines: []string{"+genclient", "+genclient:skipVerbs=update,patch"}, root: true},
		{name: "apply skipped, applyStatus kept", lines: []string{"+genclient", "+genclient:skipVerbs=apply"}, root: true},
		{name: "both apply verbs skipped", lines: []string{"+genclient", "+genclient:skipVerbs=apply,applyStatus"}},
		{name: "a value", lines: []string{"+genclient=true"}, wantErr: "+genclient=true is invalid: write +genclient alone"},
		{name: "unknown tag", lines: []string{"+genclient", "+genclient:nonNamespace"}, wantErr: "unknown tag +genclient:nonNamespace"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseClientTags(tc.lines)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("got error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.root() != tc.root || got.nonNamespaced != tc.ns {
				t.Errorf("got root %v, nonNamespaced %v; want %v, %v", got.root(), got.nonNamespaced, tc.root, tc.ns)
			}
		})
	}
}

func TestParseClientTagsSubresources(t *testing.T) {
	got, err := parseClientTags([]string{"+genclient", "+genclient:method=GetScale,verb=get,subresource=scale"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.subresources, []string{"scale"}) {
		t.Errorf("got %v, want [scale]", got.subresources)
	}
}

func TestParseExternals(t *testing.T) {
	cases := []struct {
		name    string
		entry   string
		want    model.GoIdent
		wantErr bool
	}{
		{name: "type of a package", entry: "k8s.io/api/core/v1.LocalObjectReference@k8s.io/client-go/applyconfigurations/core/v1",
			want: model.GoIdent{ImportPath: "k8s.io/api/core/v1", Name: "LocalObjectReference"}},
		{name: "no @", entry: "k8s.io/api/core/v1.LocalObjectReference", wantErr: true},
		{name: "no package", entry: "LocalObjectReference@k8s.io/client-go/applyconfigurations/core/v1", wantErr: true},
		{name: "no type", entry: "k8s.io/api/core/v1.@k8s.io/client-go/applyconfigurations/core/v1", wantErr: true},
		{name: "no apply configuration package", entry: "k8s.io/api/core/v1.Pod@", wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, diags := parseExternals([]string{tc.entry})
			if tc.wantErr {
				want := `crdgen: error: invalid external apply configuration format "` + tc.entry + `", expected <package>.<TypeName>@<applyconfiguration-package>`
				if len(diags) != 1 || diags[0].String() != want {
					t.Fatalf("got %v, want %s", diags, want)
				}
				return
			}
			if len(diags) > 0 {
				t.Fatal(diags)
			}
			if got[tc.want] != "k8s.io/client-go/applyconfigurations/core/v1" {
				t.Errorf("got %v, want %v mapped", got, tc.want)
			}
		})
	}
}

func TestOpenAPIName(t *testing.T) {
	cases := []struct {
		id   model.GoIdent
		want string
	}{
		{model.GoIdent{ImportPath: "sigs.k8s.io/kubebuilder/testdata/project-v4/api/v1", Name: "Navigator"},
			"io.k8s.sigs.kubebuilder.testdata.project-v4.api.v1.Navigator"},
		{model.GoIdent{ImportPath: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "Time"}, "io.k8s.apimachinery.pkg.apis.meta.v1.Time"},
		{model.GoIdent{ImportPath: "example/api", Name: "Foo"}, "example.api.Foo"},
	}
	for _, tc := range cases {
		if got := openAPIName(tc.id); got != tc.want {
			t.Errorf("openAPIName(%v) = %q, want %q", tc.id, got, tc.want)
		}
	}
}
