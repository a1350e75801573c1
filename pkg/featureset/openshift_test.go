package featureset

import (
	"slices"
	"testing"
)

const hypershiftDefault = `{"metadata": {"annotations": {"include.release.openshift.io/ibm-cloud-managed": "false-except-for-the-config-operator",
  "release.openshift.io/major-version": "4,5"}}, "spec": {},
  "status": {"featureGates": [{"enabled": [{"name": "B"}], "disabled": [{"name": "A"}]}]}}`

const selfManagedTech = `{"metadata": {"annotations": {"include.release.openshift.io/self-managed-high-availability": "false-except-for-the-config-operator",
  "release.openshift.io/major-version": "4,5"}}, "spec": {"featureSet": "TechPreviewNoUpgrade"},
  "status": {"featureGates": [{"enabled": [{"name": "A"}, {"name": "B"}], "disabled": [{"name": "C"}]}]}}`

func TestOpenShiftSets(t *testing.T) {
	var ms []FeatureGateManifest
	for _, data := range []string{hypershiftDefault, selfManagedTech} {
		m, err := ReadFeatureGateManifest([]byte(data))
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	if ms[0].Profile != "Hypershift" || ms[0].FeatureSet != "Default" || ms[1].Profile != "SelfManagedHA" {
		t.Fatalf("manifests: %+v", ms)
	}
	sets, gates, err := OpenShiftSets(ms)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range sets {
		names = append(names, s.Name)
	}
	want := []string{"Hypershift-CustomNoUpgrade", "Hypershift-Default", "SelfManagedHA-CustomNoUpgrade", "SelfManagedHA-TechPreviewNoUpgrade"}
	if !slices.Equal(names, want) || !slices.Equal(gates, []string{"A", "B", "C"}) {
		t.Errorf("sets %v, gates %v; want %v and [A B C]", names, gates, want)
	}
	if !slices.Equal(sets[0].Gates, gates) || !slices.Equal(sets[1].Gates, []string{"B"}) {
		t.Errorf("CustomNoUpgrade turns every gate on, Default its own: %v, %v", sets[0].Gates, sets[1].Gates)
	}
	if _, err := ReadFeatureGateManifest([]byte(`{"status": {}}`)); err == nil {
		t.Error("a manifest with no cluster profile is an error")
	}
	other := ms[1]
	other.Versions = "6"
	if _, _, err := OpenShiftSets([]FeatureGateManifest{ms[0], other}); err == nil {
		t.Error("manifests for different major versions are refused")
	}
}

func TestIncludesIn(t *testing.T) {
	hs := &Set{Profile: "Hypershift"}
	for _, c := range []struct {
		ann  map[string]string
		want bool
	}{
		{nil, true},
		{map[string]string{ProfilePrefix + "ibm-cloud-managed": "true"}, true},
		{map[string]string{ProfilePrefix + "self-managed-high-availability": "true"}, false},
		{map[string]string{ProfilePrefix + "ibm-cloud-managed": "false"}, false},
	} {
		if got := hs.IncludesIn(c.ann); got != c.want {
			t.Errorf("IncludesIn(%v) = %v, want %v", c.ann, got, c.want)
		}
	}
}

func TestOpenShiftLayout(t *testing.T) {
	fs := []string{"CustomNoUpgrade", "Default", "TechPreviewNoUpgrade"}
	set := func(p, f string) *Set { return &Set{Name: p + "-" + f, Profile: p, FeatureSet: f} }
	every := func(key func(p, f string) string) []Variant {
		var out []Variant
		for _, p := range []string{"Hypershift", "SelfManagedHA"} {
			for _, f := range fs {
				out = append(out, Variant{Set: set(p, f), Key: key(p, f)})
			}
		}
		return out
	}
	suffixes := func(files []LayoutFile) []string {
		var out []string
		for _, f := range files {
			out = append(out, f.Suffix)
		}
		return out
	}
	for _, c := range []struct {
		name     string
		variants []Variant
		want     []string
	}{
		{"every set agrees", every(func(p, f string) string { return "x" }), []string{""}},
		{"feature sets differ", every(func(p, f string) string { return f }), []string{"-CustomNoUpgrade", "-Default", "-TechPreviewNoUpgrade"}},
		{"profiles differ", every(func(p, f string) string { return p }), []string{"-Hypershift", "-SelfManagedHA"}},
		// SelfManagedHA agrees across its feature sets: one file for it.
		{"both differ", every(func(p, f string) string {
			if p == "Hypershift" && f == "Default" {
				return "y"
			}
			return "x"
		}), []string{"-Hypershift-CustomNoUpgrade", "-Hypershift-Default", "-Hypershift-TechPreviewNoUpgrade", "-SelfManagedHA"}},
	} {
		if got := suffixes(OpenShiftLayout(c.variants, fs)); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	// A CRD of some feature sets only names them, unless it has a feature
	// gate annotation.
	some := []Variant{{Set: set("Hypershift", "TechPreviewNoUpgrade"), Key: "x"}, {Set: set("Hypershift", "CustomNoUpgrade"), Key: "x"}}
	files := OpenShiftLayout(some, fs)
	if len(files) != 1 || !slices.Equal(files[0].FeatureSets, []string{"CustomNoUpgrade", "TechPreviewNoUpgrade"}) {
		t.Errorf("some sets: %+v", files)
	}
	some[0].FeatureGate, some[1].FeatureGate = true, true
	if files := OpenShiftLayout(some, fs); len(files) != 1 || files[0].FeatureSets != nil || files[0].DropFeatureGate {
		t.Errorf("a feature gate annotation: %+v", files)
	}
}
