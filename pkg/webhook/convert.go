package webhook

// This file turns a +kubebuilder:webhook marker into an admission webhook
// of admissionregistration.k8s.io/v1, as controller-gen's Config methods
// (pkg/webhook/parser.go, controller-tools v0.23.0) do: defaults, and every
// value normalised to its API spelling, case-insensitively. Where
// controller-gen keeps or drops a value silently, crdgen warns.

import (
	"fmt"
	"slices"
	"strings"

	admv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	webhookutil "k8s.io/apiserver/pkg/util/webhook"

	"github.com/crdgen/crdgen/pkg/markers"
)

const (
	defaultServiceName      = "webhook-service"
	defaultServiceNamespace = "system"
)

// spelling returns the value of names that raw spells in any case.
func spelling(raw string, names ...string) (string, bool) {
	for _, n := range names {
		if strings.EqualFold(raw, n) {
			return n, true
		}
	}
	return "", false
}

// didYouMean is ", did you mean %q" for the name closest to raw in any
// case, or "".
func didYouMean(raw string, names ...string) string {
	lower := make([]string, len(names))
	for i, n := range names {
		lower[i] = strings.ToLower(n)
	}
	if s := markers.Suggest(strings.ToLower(raw), lower); s != "" {
		return fmt.Sprintf(", did you mean %q", names[slices.Index(lower, s)])
	}
	return ""
}

// converter converts one marker, reporting on its arguments.
type converter struct {
	mk    markers.Marker
	v     markers.Webhook
	diags *markers.ErrorList
}

func (c converter) errorf(arg string, code markers.Code, format string, args ...any) {
	c.diags.Errorf(argPos(c.mk, arg), code, "+kubebuilder:webhook: "+format, args...)
}

func (c converter) warnf(arg string, code markers.Code, format string, args ...any) {
	c.diags.Warnf(argPos(c.mk, arg), code, "+kubebuilder:webhook: "+format, args...)
}

// rules is the one rule of the marker; groups=core is the core group "".
func (c converter) rules() []admv1.RuleWithOperations {
	ops := make([]admv1.OperationType, len(c.v.Verbs))
	for i, verb := range c.v.Verbs {
		if op, ok := spelling(verb, "CREATE", "UPDATE", "DELETE", "CONNECT", "*"); ok {
			ops[i] = admv1.OperationType(op)
			continue
		}
		// controller-gen writes it as it is.
		ops[i] = admv1.OperationType(verb)
		c.warnf("verbs", markers.CodeMarkerValue, "verb %q is not create, update, delete, connect or *%s; the API server rejects it",
			verb, didYouMean(verb, "create", "update", "delete", "connect"))
	}
	groups := slices.Clone(c.v.Groups)
	for i, g := range groups {
		if g == "core" {
			groups[i] = ""
		}
	}
	return []admv1.RuleWithOperations{{
		Operations: ops,
		Rule:       admv1.Rule{APIGroups: groups, APIVersions: slices.Clone(c.v.Versions), Resources: slices.Clone(c.v.Resources)},
	}}
}

// failurePolicy is Fail or Ignore; another value is kept, as controller-gen
// keeps it.
func (c converter) failurePolicy() *admv1.FailurePolicyType {
	p, ok := spelling(c.v.FailurePolicy, string(admv1.Fail), string(admv1.Ignore))
	if !ok {
		p = c.v.FailurePolicy
		c.warnf("failurePolicy", markers.CodeMarkerValue, "failurePolicy %q is not Fail or Ignore%s; the API server rejects it",
			p, didYouMean(p, "Fail", "Ignore"))
	}
	fp := admv1.FailurePolicyType(p)
	return &fp
}

// matchPolicy is Exact, Equivalent or unset; another value is an error.
func (c converter) matchPolicy() (*admv1.MatchPolicyType, bool) {
	if c.v.MatchPolicy == "" {
		return nil, true
	}
	p, ok := spelling(c.v.MatchPolicy, string(admv1.Exact), string(admv1.Equivalent))
	if !ok {
		c.errorf("matchPolicy", markers.CodeMarkerValue, "matchPolicy %q is not Exact or Equivalent%s",
			c.v.MatchPolicy, didYouMean(c.v.MatchPolicy, "Exact", "Equivalent"))
		return nil, false
	}
	mp := admv1.MatchPolicyType(p)
	return &mp, true
}

// sideEffects is None, NoneOnDryRun or Some; any other value leaves it
// unset (the check reports it).
func (c converter) sideEffects() *admv1.SideEffectClass {
	s, ok := spelling(c.v.SideEffects, string(admv1.SideEffectClassNone), string(admv1.SideEffectClassNoneOnDryRun), string(admv1.SideEffectClassSome))
	if !ok {
		return nil
	}
	se := admv1.SideEffectClass(s)
	return &se
}

// timeoutSeconds is unset for 0.
func (c converter) timeoutSeconds() *int32 {
	if c.v.TimeoutSeconds == 0 {
		return nil
	}
	t := int32(c.v.TimeoutSeconds)
	return &t
}

// reinvocationPolicy is Never, IfNeeded or unset: controller-gen drops any
// other value, and the argument on a validating webhook.
func (c converter) reinvocationPolicy() *admv1.ReinvocationPolicyType {
	raw := c.v.ReinvocationPolicy
	if raw == "" {
		return nil
	}
	if !c.v.Mutating {
		c.warnf("reinvocationPolicy", markers.CodeWebhook, "reinvocationPolicy applies to mutating webhooks only; it is left out, as controller-gen leaves it out")
		return nil
	}
	p, ok := spelling(raw, string(admv1.NeverReinvocationPolicy), string(admv1.IfNeededReinvocationPolicy))
	if !ok {
		c.warnf("reinvocationPolicy", markers.CodeMarkerValue, "reinvocationPolicy %q is not Never or IfNeeded%s; it is left out, as controller-gen leaves it out",
			raw, didYouMean(raw, "Never", "IfNeeded"))
		return nil
	}
	rp := admv1.ReinvocationPolicyType(p)
	return &rp
}

// clientConfig is a Service (path, with the default service name and
// namespace) or a URL: exactly one of path and url.
func (c converter) clientConfig() (admv1.WebhookClientConfig, bool) {
	v := c.v
	switch {
	case v.Path != "" && v.URL != "":
		c.errorf("url", markers.CodeWebhook, "url contradicts path: a webhook is reached at a URL or at a path of a Service, not both")
		return admv1.WebhookClientConfig{}, false
	case v.Path == "" && v.URL == "":
		c.diags.Errorf(c.mk.Pos, markers.CodeWebhook, "+kubebuilder:webhook needs path (served by a Service) or url")
		return admv1.WebhookClientConfig{}, false
	case v.URL != "":
		for _, arg := range []string{"serviceName", "serviceNamespace", "servicePort"} {
			if _, ok := c.mk.Spans[arg]; ok {
				c.warnf(arg, markers.CodeWebhook, "%s applies to path, not url; it is left out, as controller-gen leaves it out", arg)
			}
		}
		url := v.URL
		return admv1.WebhookClientConfig{URL: &url}, c.serverAccepts(webhookutil.ValidateWebhookURL(field.NewPath("url"), url, true))
	}
	path := v.Path
	svc := &admv1.ServiceReference{Name: defaultServiceName, Namespace: defaultServiceNamespace, Path: &path}
	if v.ServiceName != "" {
		svc.Name = v.ServiceName
	}
	if v.ServiceNamespace != "" {
		svc.Namespace = v.ServiceNamespace
	}
	if v.ServicePort != nil {
		port := *v.ServicePort
		svc.Port = &port
	}
	port := int32(443)
	if svc.Port != nil {
		port = *svc.Port
	}
	ok := c.serverAccepts(webhookutil.ValidateWebhookService(field.NewPath("service"), svc.Namespace, svc.Name, svc.Path, port))
	return admv1.WebhookClientConfig{Service: svc}, ok
}

// serviceArgs are the marker's arguments of a service's fields.
var serviceArgs = map[string]string{"service.name": "serviceName", "service.namespace": "serviceNamespace", "service.port": "servicePort", "service.path": "path", "url": "url"}

// serverAccepts reports the API server's objections to a client
// configuration (k8s.io/apiserver's webhook validation, which the
// admission registration API runs: an https URL with a host and nothing
// it forbids, a service path of DNS subdomain segments), each at its
// argument; it reports whether there were none. A value with a newline
// would be quoted safely in the YAML, and refused by the server.
func (c converter) serverAccepts(errs field.ErrorList) bool {
	for _, e := range errs {
		arg := serviceArgs[e.Field]
		c.errorf(arg, markers.CodeWebhook, "%s: the API server refuses it: %s", arg, e.ErrorBody())
	}
	return len(errs) == 0
}

// webhookVersions checks that the marker asks for v1 only, the one version
// of the configurations controller-gen writes.
func (c converter) webhookVersions() bool {
	for _, ver := range c.v.WebhookVersions {
		if ver != "v1" {
			c.errorf("webhookVersions", markers.CodeMarkerValue, "webhookVersions: %q is not supported; only v1 is", ver)
			return false
		}
	}
	return true
}
