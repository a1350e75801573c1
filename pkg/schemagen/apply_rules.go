package schemagen

// This file implements the markers that write CEL rules: +kubebuilder:validation:XValidation
// as written, +k8s:immutable, and the one-of markers in controller-gen's
// form.

import (
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

// reasons are the values the API server accepts for a rule's reason.
func reasons() []string {
	return []string{
		string(apiextv1.FieldValueInvalid), string(apiextv1.FieldValueForbidden),
		string(apiextv1.FieldValueRequired), string(apiextv1.FieldValueDuplicate),
	}
}

// xValidationRules is the rule of +kubebuilder:validation:XValidation.
func xValidationRules(v any) (apiextv1.ValidationRules, error) {
	x := v.(markers.XValidation)
	r := apiextv1.ValidationRule{
		Rule:              x.Rule,
		Message:           x.Message,
		MessageExpression: x.MessageExpression,
		FieldPath:         x.FieldPath,
		OptionalOldSelf:   x.OptionalOldSelf,
	}
	if x.Reason != "" {
		if !slices.Contains(reasons(), x.Reason) {
			msg := fmt.Sprintf("invalid reason %q (want one of %s)", x.Reason, strings.Join(reasons(), ", "))
			if sug := markers.Suggest(x.Reason, reasons()); sug != "" {
				msg = fmt.Sprintf("invalid reason %q, did you mean %q", x.Reason, sug)
			}
			return nil, valueError{msg}
		}
		reason := apiextv1.FieldValueErrorReason(x.Reason)
		r.Reason = &reason
	}
	return apiextv1.ValidationRules{r}, nil
}

// immutableRules is the rule of +k8s:immutable on its own node (an
// optional field's parent gets another, from the struct: structSchema).
func immutableRules(any) (apiextv1.ValidationRules, error) {
	return apiextv1.ValidationRules{{Rule: "self == oldSelf", Message: "field is immutable"}}, nil
}

// oneOfRules is the CEL rule of a one-of marker in controller-gen's form
// (v0.22 and later; v0.21 wrote a list filter, which the API server costs
// higher): the fields set, counted, compared with a bound. No fields, no
// rule.
func oneOfRules(rule, fields []string, message string) (apiextv1.ValidationRules, error) {
	if len(fields) == 0 {
		return nil, nil
	}
	return apiextv1.ValidationRules{{
		Rule:    strings.Join(rule, ""),
		Message: fmt.Sprintf(message, "["+strings.Join(fields, " ")+"]"),
	}}, nil
}

// countSet spells how many of the fields are set:
// (has(self.a)?1:0)+(has(self.b)?1:0).
func countSet(fields []string) []string {
	terms := make([]string, len(fields))
	for i, f := range fields {
		terms[i] = "(has(self." + f + ")?1:0)"
	}
	return []string{strings.Join(terms, "+")}
}

// anySet spells whether any of the fields is set: has(self.a)||has(self.b).
func anySet(fields []string) []string {
	terms := make([]string, len(fields))
	for i, f := range fields {
		terms[i] = "has(self." + f + ")"
	}
	return []string{strings.Join(terms, "||")}
}

func atMostOneOfRules(v any) (apiextv1.ValidationRules, error) {
	fields := v.(markers.AtMostOneOf).Value
	return oneOfRules(append(countSet(fields), " <= 1"), fields, "at most one of the fields in %s may be set")
}

func exactlyOneOfRules(v any) (apiextv1.ValidationRules, error) {
	fields := v.(markers.ExactlyOneOf).Value
	return oneOfRules(append(countSet(fields), " == 1"), fields, "exactly one of the fields in %s must be set")
}

func atLeastOneOfRules(v any) (apiextv1.ValidationRules, error) {
	fields := v.(markers.AtLeastOneOf).Value
	return oneOfRules(anySet(fields), fields, "at least one of the fields in %s must be set")
}
