package schemagen

// This file implements spec.conversion: how the API server converts a
// multi-version kind between its versions. controller-gen leaves it out and
// kubebuilder projects patch it in with kustomize; crdgen writes it from
// +crdgen:conversion:webhook.

import (
	"fmt"
	"go/token"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// DefaultConversionPath is the webhook path when the marker names none; it
// is where controller-runtime serves conversion reviews.
const DefaultConversionPath = "/convert"

// applyConversion sets spec.conversion of a CRD with several versions to
// Webhook when a version's kind or package names a service; otherwise it
// stays unset, which the API server reads as None.
func (g *gen) applyConversion(crd *CRD) {
	spec := &crd.Object.Spec
	if len(spec.Versions) < 2 {
		return
	}
	var found *markers.Marker
	var hook markers.ConversionWebhook
	for _, k := range crd.Kinds {
		m, ok := webhookMarker(k)
		if !ok {
			continue
		}
		w := m.Value.(markers.ConversionWebhook)
		switch {
		case found == nil:
			found, hook = &m, w
		case webhookKey(w) != webhookKey(hook):
			g.diags.Add(markers.Diagnostic{Pos: m.Pos, Code: markers.CodeConversion,
				Msg:     fmt.Sprintf("+crdgen:conversion:webhook for %s in version %s differs from the one for version %s; a CRD has one conversion webhook", k.Name, k.Version.Name, crd.Kinds[0].Version.Name),
				Related: []markers.Related{{Pos: found.Pos, Msg: "other +crdgen:conversion:webhook here"}}})
		}
	}
	if found == nil {
		// The API server defaults the strategy to None; writing it would
		// add a stanza controller-gen leaves out to every multi-version CRD.
		return
	}
	ns, name, ok := strings.Cut(hook.Service, "/")
	if !ok || ns == "" || name == "" || strings.Contains(name, "/") {
		g.diags.Errorf(argPos(*found, "service"), markers.CodeMarkerValue,
			"+crdgen:conversion:webhook: service=%q must be <namespace>/<name>", hook.Service)
		return
	}
	path := DefaultConversionPath
	if hook.Path != nil {
		path = *hook.Path
	}
	if !strings.HasPrefix(path, "/") {
		g.diags.Errorf(argPos(*found, "path"), markers.CodeMarkerValue,
			"+crdgen:conversion:webhook: path=%q must start with /", path)
		return
	}
	spec.Conversion = &apiextv1.CustomResourceConversion{
		Strategy: apiextv1.WebhookConverter,
		Webhook: &apiextv1.WebhookConversion{
			ClientConfig: &apiextv1.WebhookClientConfig{
				Service: &apiextv1.ServiceReference{Namespace: ns, Name: name, Path: &path, Port: hook.Port},
			},
			ConversionReviewVersions: []string{"v1"},
		},
	}
}

// webhookMarker finds the +crdgen:conversion:webhook that applies to a
// version of a kind: on the kind's type, else on its package.
func webhookMarker(k *model.Kind) (markers.Marker, bool) {
	for _, ms := range [][]markers.Marker{k.Type.Markers, k.Package().Markers} {
		if _, m, ok := markers.First[markers.ConversionWebhook](ms); ok {
			return m, true
		}
	}
	return markers.Marker{}, false
}

func webhookKey(w markers.ConversionWebhook) string {
	path, port := DefaultConversionPath, "443"
	if w.Path != nil {
		path = *w.Path
	}
	if w.Port != nil {
		port = fmt.Sprint(*w.Port)
	}
	return w.Service + " " + path + " " + port
}

// argPos is the position of a marker argument's value, or of the marker.
func argPos(m markers.Marker, arg string) token.Position {
	if off, ok := m.ValueOffset(arg, 0); ok {
		return m.At(off)
	}
	return m.Pos
}
