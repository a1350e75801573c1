package webhook

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strings"

	admv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/internal/objyaml"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Options are the webhook generator's settings.
type Options struct {
	// Header is written before the first document as it is, " YEAR" already
	// replaced; nil writes none.
	Header []byte
}

// Generate returns manifests.yaml's content, or nil when there is no
// webhook (controller-gen then writes no file) or there is an error, and
// the diagnostics.
func Generate(m *model.Model, opts Options) ([]byte, markers.ErrorList) {
	var diags markers.ErrorList
	var names configNames
	var mutating, validating []*hook
	for _, pkg := range m.Packages {
		if !pkg.Root {
			continue
		}
		names.read(pkg, &diags)
		for _, h := range packageHooks(pkg, &diags) {
			if h.mutating != nil {
				mutating = append(mutating, h)
			} else {
				validating = append(validating, h)
			}
		}
	}
	// controller-gen sorts by name without a defined order for equal names;
	// checkHooks makes those an error.
	byName := func(a, b *hook) int { return strings.Compare(a.checked().name, b.checked().name) }
	slices.SortStableFunc(mutating, byName)
	slices.SortStableFunc(validating, byName)
	checkHooks(mutating, "mutating", &diags)
	checkHooks(validating, "validating", &diags)
	if diags.HasErrors() || len(mutating)+len(validating) == 0 {
		return nil, diags
	}
	var objs []any
	if len(mutating) > 0 {
		objs = append(objs, genMutating(names.mutating.name, mutating))
	}
	if len(validating) > 0 {
		objs = append(objs, genValidating(names.validating.name, validating))
	}
	out, err := objyaml.Write(opts.Header, objs...)
	if err != nil {
		diags.Errorf(token.Position{}, markers.CodeWebhook, "manifests.yaml: %v", err)
		return nil, diags
	}
	return out, diags
}

// packageHooks builds the webhooks of a package's markers, in the order of
// their names (a stable sort: controller-gen's order within a package).
func packageHooks(pkg *model.Package, diags *markers.ErrorList) []*hook {
	var mks []markers.Marker
	for _, mk := range pkg.Markers {
		if _, ok := mk.Value.(markers.Webhook); ok {
			mks = append(mks, mk)
		}
	}
	slices.SortStableFunc(mks, func(a, b markers.Marker) int {
		return strings.Compare(a.Value.(markers.Webhook).Name, b.Value.(markers.Webhook).Name)
	})
	var out []*hook
	for _, mk := range mks {
		if h := build(mk, mk.Value.(markers.Webhook), diags); h != nil {
			out = append(out, h)
		}
	}
	return out
}

func genMutating(name string, hooks []*hook) *admv1.MutatingWebhookConfiguration {
	obj := &admv1.MutatingWebhookConfiguration{
		TypeMeta:   metav1.TypeMeta{APIVersion: admv1.SchemeGroupVersion.String(), Kind: "MutatingWebhookConfiguration"},
		ObjectMeta: metav1.ObjectMeta{Name: cmp.Or(name, "mutating-webhook-configuration")},
	}
	for _, h := range hooks {
		obj.Webhooks = append(obj.Webhooks, *h.mutating)
	}
	return obj
}

func genValidating(name string, hooks []*hook) *admv1.ValidatingWebhookConfiguration {
	obj := &admv1.ValidatingWebhookConfiguration{
		TypeMeta:   metav1.TypeMeta{APIVersion: admv1.SchemeGroupVersion.String(), Kind: "ValidatingWebhookConfiguration"},
		ObjectMeta: metav1.ObjectMeta{Name: cmp.Or(name, "validating-webhook-configuration")},
	}
	for _, h := range hooks {
		obj.Webhooks = append(obj.Webhooks, *h.validating)
	}
	return obj
}

// configName is the name a +kubebuilder:webhookconfiguration marker gives
// the mutating or the validating configuration ("" for the default).
type configName struct {
	name string
	mk   *markers.Marker
}

// configNames are the configurations' names: as in controller-gen, the
// last package's marker wins.
type configNames struct {
	mutating, validating configName
}

// read takes a package's +kubebuilder:webhookconfiguration markers: one per
// kind of configuration in a package, the last package's winning.
func (n *configNames) read(pkg *model.Package, diags *markers.ErrorList) {
	var seen [2]*markers.Marker // validating, mutating
	for i := range pkg.Markers {
		mk := &pkg.Markers[i]
		v, ok := mk.Value.(markers.WebhookConfiguration)
		if !ok {
			continue
		}
		kind, slot, idx := "validating", &n.validating, 0
		if v.Mutating {
			kind, slot, idx = "mutating", &n.mutating, 1
		}
		if first := seen[idx]; first != nil {
			diags.Add(markers.Diagnostic{Pos: mk.Pos, Code: markers.CodeWebhook,
				Msg:     fmt.Sprintf("+kubebuilder:webhookconfiguration: a second name for the %s configuration in this package (%q)", kind, v.Name),
				Related: []markers.Related{{Pos: first.Pos, Msg: fmt.Sprintf("the %s configuration is named %q here", kind, first.Value.(markers.WebhookConfiguration).Name)}}})
			continue
		}
		seen[idx] = mk
		if slot.mk != nil && slot.name != v.Name {
			diags.Add(markers.Diagnostic{Pos: slot.mk.Pos, Severity: markers.Warning, Code: markers.CodeWebhook,
				Msg:     fmt.Sprintf("+kubebuilder:webhookconfiguration: the %s configuration's name %q is overridden by package %s's %q (the last package wins, as in controller-gen)", kind, slot.name, pkg.Path, v.Name),
				Related: []markers.Related{{Pos: mk.Pos, Msg: "the name used"}}})
		}
		*slot = configName{name: v.Name, mk: mk}
	}
}
