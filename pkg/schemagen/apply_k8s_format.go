package schemagen

// This file implements +k8s:format: each of validation-gen's string formats
// (k8s.io/apimachinery/pkg/api/validate's strfmt.go) as the schema keywords
// that accept exactly the strings its Go validator accepts: a pattern and a
// maxLength where a regular expression says it (the formats whose valid
// strings are ASCII, so that maxLength's characters are the validator's
// bytes), and a CEL rule of the API server's format library where it does
// not (a label key's prefix is bounded on its own).

import (
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

// The parts validation-gen's formats are made of, as apimachinery's
// content package spells them.
const (
	dnsLabel     = `[a-z0-9]([-a-z0-9]*[a-z0-9])?`
	dnsSubdomain = dnsLabel + `(\.` + dnsLabel + `)*`
	// dnsSubdomainCaseless is dnsSubdomain with either case, written out
	// rather than (?i), which not every JSON Schema reader takes.
	dnsSubdomainCaseless = `[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?(\.[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?)*`
	labelValue           = `(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?`
)

// k8sFormat is what a format writes on its node.
type k8sFormat struct {
	pattern   string
	maxLength int64
	rule      string
	message   string
}

// k8sFormats are the formats by name.
func k8sFormats() map[string]k8sFormat {
	return map[string]k8sFormat{
		"k8s-short-name":         {pattern: "^" + dnsLabel + "$", maxLength: 63},
		"k8s-long-name":          {pattern: "^" + dnsSubdomain + "$", maxLength: 253},
		"k8s-long-name-caseless": {pattern: "^" + dnsSubdomainCaseless + "$", maxLength: 253},
		"k8s-label-value":        {pattern: "^" + labelValue + "$", maxLength: 63},
		"k8s-uuid":               {pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"},
		// Neither "." nor "..", and no '/' or '%'; empty is allowed.
		"k8s-path-segment-name": {pattern: `^([^/%.][^/%]*|\.[^/%.][^/%]*|\.\.[^/%]+)?$`},
		// Long names separated by '/', 253 bytes in all.
		"k8s-resource-pool-name": {pattern: "^" + dnsSubdomain + "(/" + dnsSubdomain + ")*$", maxLength: 253},
		// A label key is a qualified name: the format library's
		// qualifiedName is apimachinery's IsQualifiedName, which is
		// IsLabelKey. Its longest is a 253-byte prefix, '/', a 63-byte name.
		"k8s-label-key": {maxLength: 317, rule: "!format.qualifiedName().validate(self).hasValue()",
			message: "must be a label key: a name of at most 63 characters (alphanumeric, '-', '_' or '.', starting and ending alphanumeric), with an optional DNS subdomain prefix and '/'"},
		"k8s-prefixed-label-key": {maxLength: 317, rule: "self.contains('/') && !format.qualifiedName().validate(self).hasValue()",
			message: "must be a label key with a DNS subdomain prefix (e.g. 'example.com/key')"},
		// A domain-prefixed name, which prefixed with "requests." is a label
		// key (as in quota), holding no "kubernetes.io/".
		"k8s-extended-resource-name": {maxLength: 308,
			rule:    "self.contains('/') && !self.contains('kubernetes.io/') && !self.startsWith('requests.') && !format.qualifiedName().validate('requests.' + self).hasValue()",
			message: "must be an extended resource name: a domain-prefixed name such as 'example.com/my-prop', with no 'kubernetes.io/' in it, not starting with 'requests.'"},
	}
}

func applyK8sFormat(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
	name := v.(markers.K8sFormat).Value
	if err := needTextual(c, s); err != nil {
		return err
	}
	f, ok := k8sFormats()[name]
	if !ok {
		known := markers.K8sFormats()
		if name == "k8s-resource-fully-qualified-name" {
			return valueErrorf("format %q is not supported in a CRD yet: validation-gen's validator accepts any value of three parts or more (a TODO in apimachinery), which crdgen will not imitate", name)
		}
		return valueErrorf("unknown format %q%s (validation-gen's formats: %s)", name, didYouMean(name, known), strings.Join(slices.Sorted(slices.Values(known)), ", "))
	}
	if f.maxLength > 0 && (s.MaxLength == nil || *s.MaxLength > f.maxLength) {
		n := f.maxLength
		s.MaxLength = &n
	}
	switch {
	case f.pattern == "":
	case s.Pattern == "":
		s.Pattern = f.pattern
	default:
		// A node holds one pattern: the format's joins it through allOf.
		s.AllOf = append(s.AllOf, apiextv1.JSONSchemaProps{Pattern: f.pattern})
	}
	if f.rule != "" {
		s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: f.rule, Message: f.message})
	}
	return nil
}
