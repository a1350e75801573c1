package parser

import (
	"strings"
	"testing"
)

// TestOnlyTheMarkersOfTheGeneratorsAskedForSpeak loads one package with a
// mistake in a marker of each kind (a CRD's, an RBAC rule's, a webhook's,
// a DeepCopy one's, a misspelt CRD marker) for one set of generators after
// another: each run reports the mistakes of the markers its generators
// read, and a run of every generator (no Generators) all of them.
func TestOnlyTheMarkersOfTheGeneratorsAskedForSpeak(t *testing.T) {
	dir := fixture(t, `-- go.mod --
module example.com/a

go 1.24
-- api/types.go --
// +groupName=a.example.com
// +kubebuilder:rbac:groups=a.example.com,resources=as
// +kubebuilder:webhook:path=/v,mutating=false,failurePolicy=fail,groups=a,resources=b,verbs=create,versions=v1,name=a.b.c,admissionReviewVersions=v1,sideEffects=None,sideEffects=None
// +kubebuilder:object:generate=maybe
package api

// A is in the first module.
type A struct {
	// +kubebuilder:validation:Maximum=three
	N int32 `+"`json:\"n\"`"+`
	// +kubebuilder:validation:Minimun=1
	M int32 `+"`json:\"m\"`"+`
}
`)
	const (
		crd     = "+kubebuilder:validation:Maximum: expected number"
		typo    = "unknown marker +kubebuilder:validation:Minimun"
		rbac    = `+kubebuilder:rbac: missing argument "verbs"`
		webhook = `warning: +kubebuilder:webhook: argument "sideEffects" given twice, with the same value`
		object  = "+kubebuilder:object:generate: expected true or false"
	)
	all := []string{crd, typo, rbac, webhook, object}
	tests := []struct {
		generators []string
		want       []string
	}{
		{nil, all},
		{[]string{"object"}, []string{object}},
		{[]string{"rbac", "webhook"}, []string{rbac, webhook}},
		{[]string{"crd"}, []string{crd, typo}},
		{[]string{"crd", "conversion", "object", "rbac", "webhook", "applyconfiguration"}, all},
	}
	for _, tc := range tests {
		_, diags := load(t, dir, Options{Generators: tc.generators}, "./...")
		text := diagText(diags)
		for _, w := range all {
			if want := strings.Contains(strings.Join(tc.want, "\n"), w); strings.Contains(text, w) != want {
				t.Errorf("generators %v: reported %q: %v, want %v\n%s", tc.generators, w, !want, want, text)
			}
		}
	}
}
