package e2e

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// shapeDeprecation is the warning of +kubebuilder:deprecatedversion on
// Shape v1beta1.
const shapeDeprecation = "e2e.crdgen.dev/v1beta1 Shape is deprecated; use e2e.crdgen.dev/v1"

// TestVersionsWithNoneConversion checks that an object written at one
// served version of Shape reads at every served version, and that under the
// None conversion strategy only apiVersion changes, while each version's
// schema prunes the fields it does not declare (on the way in, on the way
// to the v1 storage version, and on the way out).
func TestVersionsWithNoneConversion(t *testing.T) {
	t.Parallel()
	c := newClient(t)

	t.Run("the CRD as the server holds it", func(t *testing.T) {
		crd := env.crds["Shape"]
		if crd.Spec.Conversion == nil || crd.Spec.Conversion.Strategy != apiextv1.NoneConverter {
			t.Errorf("got conversion %s, want strategy None", toJSON(crd.Spec.Conversion))
		}
		type version struct {
			Name                        string
			Served, Storage, Deprecated bool
		}
		var got []version
		for _, v := range crd.Spec.Versions {
			got = append(got, version{v.Name, v.Served, v.Storage, v.Deprecated})
		}
		want := []version{{"v1", true, true, false}, {"v1beta1", true, false, true}, {"v2", true, false, false}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got versions %+v, want %+v", got, want)
		}
		if got, want := crd.Status.StoredVersions, []string{"v1"}; !slices.Equal(got, want) {
			t.Errorf("got stored versions %q, want %q", got, want)
		}
	})

	cases := []struct {
		name    string
		version string
		spec    string
		// wantWarnings are the warnings of the create.
		wantWarnings []string
		// wantSpec is the spec read back at each served version.
		wantSpec map[string]string
	}{{
		name:    "written at v1",
		version: "v1",
		spec:    `{"size":3,"name":"tri"}`,
		wantSpec: map[string]string{
			"v1": `{"size":3,"name":"tri"}`, "v1beta1": `{"size":3}`, "v2": `{"size":3,"name":"tri"}`,
		},
	}, {
		name:         "written at v1 with a field only v2 has",
		version:      "v1",
		spec:         `{"size":4,"color":"red"}`,
		wantWarnings: []string{`unknown field "spec.color"`},
		wantSpec:     map[string]string{"v1": `{"size":4}`, "v1beta1": `{"size":4}`, "v2": `{"size":4}`},
	}, {
		name:    "written at v2, the field v1 lacks is lost in storage",
		version: "v2",
		spec:    `{"size":5,"name":"penta","color":"blue"}`,
		wantSpec: map[string]string{
			"v1": `{"size":5,"name":"penta"}`, "v1beta1": `{"size":5}`, "v2": `{"size":5,"name":"penta"}`,
		},
	}, {
		name:         "written at the deprecated v1beta1",
		version:      "v1beta1",
		spec:         `{"size":6}`,
		wantWarnings: []string{shapeDeprecation},
		wantSpec:     map[string]string{"v1": `{"size":6}`, "v1beta1": `{"size":6}`, "v2": `{"size":6}`},
	}}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			name := fmt.Sprintf("shape-%d", i)
			created := c.mustCreate(t, newObject(t, tc.version, "Shape", name, tc.spec))
			if got := c.warnings(); !slices.Equal(got, tc.wantWarnings) {
				t.Errorf("got warnings %q on create, want %q", got, tc.wantWarnings)
			}
			// The answer to the create is the stored object, read at the version written.
			spec, _ := field(created, "spec")
			if want := fromJSON(t, tc.wantSpec[tc.version]); !reflect.DeepEqual(spec, want) {
				t.Errorf("got spec %s from the create, want %s", toJSON(spec), toJSON(want))
			}
			for _, v := range []string{"v1", "v1beta1", "v2"} {
				got := c.mustGet(t, "Shape", v, name)
				if want := group + "/" + v; got.GetAPIVersion() != want {
					t.Errorf("at %s: got apiVersion %s, want %s", v, got.GetAPIVersion(), want)
				}
				if got.GetUID() != created.GetUID() || got.GetResourceVersion() != created.GetResourceVersion() {
					t.Errorf("at %s: got uid %s and resourceVersion %s, want %s and %s: the same object",
						v, got.GetUID(), got.GetResourceVersion(), created.GetUID(), created.GetResourceVersion())
				}
				spec, _ := field(got, "spec")
				if want := fromJSON(t, tc.wantSpec[v]); !reflect.DeepEqual(spec, want) {
					t.Errorf("at %s: got spec %s, want %s", v, toJSON(spec), toJSON(want))
				}
				var wantWarnings []string
				if v == "v1beta1" {
					wantWarnings = []string{shapeDeprecation}
				}
				if got := c.warnings(); !slices.Equal(got, wantWarnings) {
					t.Errorf("at %s: got warnings %q, want %q", v, got, wantWarnings)
				}
			}
		})
	}
}
