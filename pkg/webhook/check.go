package webhook

// This file checks the webhooks of a configuration after their patches:
// controller-gen's four checks for admissionregistration.k8s.io/v1
// (sideEffects set, and not Some or Unknown; timeoutSeconds within 1 to 30;
// admissionReviewVersions not empty), and one of crdgen's own: two webhooks
// of one name, which the API server rejects in a configuration
// (controller-gen writes them, in no defined order).

import (
	"fmt"
	"slices"

	admv1 "k8s.io/api/admissionregistration/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

const v1 = "admissionregistration.k8s.io/v1"

// checkHooks checks the webhooks of the kind ("mutating" or "validating")
// of configuration, in order.
func checkHooks(hooks []*hook, kind string, diags *markers.ErrorList) {
	first := map[string]*hook{}
	for _, h := range hooks {
		after := h.checked()
		if prev, ok := first[after.name]; ok {
			diags.Add(markers.Diagnostic{
				Pos: h.at("name", after.name != h.before.name), Code: markers.CodeWebhook,
				Msg:     fmt.Sprintf("+kubebuilder:webhook: a second %s webhook named %q; the API server rejects two webhooks of one name in a configuration", kind, after.name),
				Related: []markers.Related{{Pos: prev.mk.Pos, Msg: fmt.Sprintf("the other %s webhook named %q", kind, after.name)}},
			})
		} else {
			first[after.name] = h
		}
		checkSideEffects(h, after, diags)
		if t := after.timeout; t != nil && (*t < 1 || *t > 30) {
			diags.Errorf(h.at("timeoutSeconds", !ptrEqual(t, h.before.timeout)), markers.CodeWebhook,
				"+kubebuilder:webhook: timeoutSeconds=%d is outside 1 to 30 seconds", *t)
		}
		if len(after.reviews) == 0 {
			diags.Errorf(h.at("admissionReviewVersions", len(h.before.reviews) > 0), markers.CodeWebhook,
				"+kubebuilder:webhook: admissionReviewVersions is empty; %s needs at least one (v1)", v1)
		}
	}
}

// checkSideEffects: v1 needs None or NoneOnDryRun.
func checkSideEffects(h *hook, after checked, diags *markers.ErrorList) {
	patched := !ptrEqual(after.sideEffects, h.before.sideEffects)
	switch se := after.sideEffects; {
	case se == nil && patched:
		diags.Errorf(h.at("sideEffects", true), markers.CodeWebhook,
			"+kubebuilder:webhook: the patch removes sideEffects, which %s requires (None or NoneOnDryRun)", v1)
	case se == nil && h.v.SideEffects != "":
		diags.Errorf(h.at("sideEffects", false), markers.CodeMarkerValue,
			"+kubebuilder:webhook: sideEffects %q is not None or NoneOnDryRun%s", h.v.SideEffects, didYouMean(h.v.SideEffects, "None", "NoneOnDryRun"))
	case se == nil:
		diags.Errorf(h.mk.Pos, markers.CodeWebhook,
			"+kubebuilder:webhook needs sideEffects (None or NoneOnDryRun): %s requires it", v1)
	case slices.Contains([]admv1.SideEffectClass{admv1.SideEffectClassSome, admv1.SideEffectClassUnknown}, *se):
		diags.Errorf(h.at("sideEffects", patched), markers.CodeWebhook,
			"+kubebuilder:webhook: sideEffects=%s is not allowed in %s; use None or NoneOnDryRun", *se, v1)
	}
}

func ptrEqual[T comparable](a, b *T) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}
