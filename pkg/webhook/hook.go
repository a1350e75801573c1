package webhook

import (
	"go/token"
	"slices"
	"strings"

	admv1 "k8s.io/api/admissionregistration/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

// hook is one webhook of a configuration, built from its marker.
type hook struct {
	mk markers.Marker
	v  markers.Webhook
	// Exactly one of mutating and validating is set, by v.Mutating.
	mutating   *admv1.MutatingWebhook
	validating *admv1.ValidatingWebhook
	// before is what the checks look at, before the patch: a check that
	// fails on what the patch changed points at the patch.
	before checked
}

// checked are the fields the checks look at.
type checked struct {
	name        string
	sideEffects *admv1.SideEffectClass
	timeout     *int32
	reviews     []string
}

func (h *hook) checked() checked {
	if h.mutating != nil {
		w := h.mutating
		return checked{w.Name, w.SideEffects, w.TimeoutSeconds, w.AdmissionReviewVersions}
	}
	w := h.validating
	return checked{w.Name, w.SideEffects, w.TimeoutSeconds, w.AdmissionReviewVersions}
}

// at is where a problem with arg is reported: at the patch when the patch
// changed it, at the argument otherwise.
func (h *hook) at(arg string, patched bool) token.Position {
	if patched && h.v.Patch != "" {
		return argPos(h.mk, "patch")
	}
	return argPos(h.mk, arg)
}

// build makes the webhook of a marker, or nil after reporting why it
// cannot.
func build(mk markers.Marker, v markers.Webhook, diags *markers.ErrorList) *hook {
	c := converter{mk: mk, v: v, diags: diags}
	versionsOK := c.webhookVersions()
	matchPolicy, matchOK := c.matchPolicy()
	clientConfig, clientOK := c.clientConfig()
	reinvocation := c.reinvocationPolicy()
	rules, failure := c.rules(), c.failurePolicy()
	if !versionsOK || !matchOK || !clientOK {
		return nil
	}
	h := &hook{mk: mk, v: v}
	var err error
	if v.Mutating {
		w := admv1.MutatingWebhook{
			Name: v.Name, Rules: rules, FailurePolicy: failure, MatchPolicy: matchPolicy, ClientConfig: clientConfig,
			SideEffects: c.sideEffects(), TimeoutSeconds: c.timeoutSeconds(),
			AdmissionReviewVersions: slices.Clone(v.AdmissionReviewVersions), ReinvocationPolicy: reinvocation,
		}
		h.mutating = &w
		h.before = h.checked()
		err = applyPatch(h.mutating, v.Patch)
	} else {
		w := admv1.ValidatingWebhook{
			Name: v.Name, Rules: rules, FailurePolicy: failure, MatchPolicy: matchPolicy, ClientConfig: clientConfig,
			SideEffects: c.sideEffects(), TimeoutSeconds: c.timeoutSeconds(),
			AdmissionReviewVersions: slices.Clone(v.AdmissionReviewVersions),
		}
		h.validating = &w
		h.before = h.checked()
		err = applyPatch(h.validating, v.Patch)
	}
	if err != nil {
		diags.Errorf(argPos(mk, "patch"), markers.CodeWebhook, "+kubebuilder:webhook: patch: %s", strings.Join(strings.Fields(err.Error()), " "))
		return nil
	}
	return h
}

// argPos is the position of an argument's value, or the marker's when the
// argument is not written.
func argPos(mk markers.Marker, arg string) token.Position {
	if sp, ok := mk.Spans[arg]; ok {
		return mk.At(sp.Start)
	}
	return mk.Pos
}
