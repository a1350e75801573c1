package schemagen

// This file implements the table of marker meanings: one row per marker
// value type, saying what the marker acts on, and for a schema marker its
// priority, how it applies, which schema keywords it sets (so that a
// finding of the API server on a keyword points at the marker) and, for a
// marker that writes CEL rules, which rules (so that a finding on a rule
// points at it). How each keyword merges through named types is the
// keyword table's (keywords.go).
//
// The table is checked when it is built, as the marker registry is: every
// registered marker has exactly one row, a schema row applies itself and
// names keywords the keyword table merges, and a row that is not a schema
// row has neither. A mistake panics on the first use, in every test.

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crdgen/crdgen/pkg/markers"
)

// acts says what a marker acts on.
type acts uint8

const (
	// onSchema markers change the schema node they are on.
	onSchema acts = iota + 1
	// onCRD markers shape the CRD of the kind they are on: names, scope,
	// versions, subresources, printer columns, selectable fields, metadata.
	onCRD
	// readByModel markers are read while the model is built or by another
	// output: whether a field is required, a package's group and version,
	// schemaless fields, conversion.
	readByModel
	// foreign markers are other generators'; they change nothing.
	foreign
	// onDescriptions markers say whether the descriptions of their node's
	// whole subtree are in the CRD (omit.go reads them after flattening,
	// when the subtree is known); they never change validation.
	onDescriptions
	// wrapsSchema markers carry another marker that acts on the values of
	// their node (+k8s:eachVal): applyMarkers unwraps them, and the inner
	// marker's row says what it does.
	wrapsSchema
)

// meaning is what one marker value type does.
type meaning struct {
	value any
	acts  acts
	// priority orders the markers of one node (lower first; ties keep
	// source order). Type, XIntOrString, listType and +default go first,
	// so that markers checking the type see it, and +kubebuilder:default
	// after +default, so that it wins.
	priority int
	// apply sets the marker's keywords on a node. A marker that writes CEL
	// rules has rules instead, and apply appends them.
	apply func(c *applyCtx, s *apiextv1.JSONSchemaProps, v any) error
	// keywords are the schema keywords apply sets.
	keywords []string
	// rules returns the CEL rules the marker writes.
	rules func(v any) (apiextv1.ValidationRules, error)
}

const (
	prioFirst   = 9
	prioDefault = 10
)

// schemaRow is a marker that sets keywords of its node.
func schemaRow(v any, priority int, apply func(*applyCtx, *apiextv1.JSONSchemaProps, any) error, keywords ...string) meaning {
	return meaning{value: v, acts: onSchema, priority: priority, apply: apply, keywords: keywords}
}

// ruleRow is a marker that adds CEL rules to its node.
func ruleRow(v any, priority int, rules func(v any) (apiextv1.ValidationRules, error)) meaning {
	return meaning{value: v, acts: onSchema, priority: priority, rules: rules, keywords: []string{"x-kubernetes-validations"},
		apply: func(_ *applyCtx, s *apiextv1.JSONSchemaProps, v any) error {
			rs, err := rules(v)
			s.XValidations = append(s.XValidations, rs...)
			return err
		}}
}

func otherRows(a acts, values ...any) []meaning {
	out := make([]meaning, len(values))
	for i, v := range values {
		out[i] = meaning{value: v, acts: a}
	}
	return out
}

// meaningRows returns every row.
func meaningRows() []meaning {
	rows := []meaning{
		schemaRow(markers.Maximum{}, prioDefault, applyMaximum, "maximum"),
		schemaRow(markers.Minimum{}, prioDefault, applyMinimum, "minimum"),
		schemaRow(markers.ExclusiveMaximum{}, prioDefault, applyExclusiveMaximum, "exclusiveMaximum"),
		schemaRow(markers.ExclusiveMinimum{}, prioDefault, applyExclusiveMinimum, "exclusiveMinimum"),
		schemaRow(markers.MultipleOf{}, prioDefault, applyMultipleOf, "multipleOf"),
		schemaRow(markers.MaxLength{}, prioDefault, applyMaxLength, "maxLength"),
		schemaRow(markers.MinLength{}, prioDefault, applyMinLength, "minLength"),
		schemaRow(markers.Pattern{}, prioDefault, applyPattern, "pattern"),
		schemaRow(markers.MaxItems{}, prioDefault, applyMaxItems, "maxItems"),
		schemaRow(markers.MinItems{}, prioDefault, applyMinItems, "minItems"),
		schemaRow(markers.UniqueItems{}, prioDefault, applyUniqueItems, "uniqueItems"),
		schemaRow(markers.MaxProperties{}, prioDefault, applyMaxProperties, "maxProperties"),
		schemaRow(markers.MinProperties{}, prioDefault, applyMinProperties, "minProperties"),
		schemaRow(markers.K8sMaxBytes{}, prioDefault, applyK8sMaxBytes, "maxLength", "x-kubernetes-validations"),
		schemaRow(markers.K8sNEQ{}, prioDefault, applyK8sNEQ, "x-kubernetes-validations"),
		schemaRow(markers.K8sFormat{}, prioDefault, applyK8sFormat, "maxLength", "pattern", "allOf", "x-kubernetes-validations"),
		schemaRow(markers.Enum{}, prioDefault, applyEnum, "enum"),
		schemaRow(markers.K8sEnum{}, prioDefault, applyK8sEnum, "enum"),
		schemaRow(markers.Format{}, prioDefault, applyFormat, "format"),
		schemaRow(markers.Type{}, prioFirst, applyType, "type"),
		schemaRow(markers.XPreserveUnknownFields{}, prioDefault, applyPreserveUnknownFields, "x-kubernetes-preserve-unknown-fields"),
		schemaRow(markers.XEmbeddedResource{}, prioDefault, applyEmbeddedResource, "x-kubernetes-embedded-resource"),
		schemaRow(markers.XIntOrString{}, prioFirst, applyIntOrString, "x-kubernetes-int-or-string"),
		schemaRow(markers.Nullable{}, prioDefault, applyNullable, "nullable"),
		schemaRow(markers.Default{}, prioDefault, applyDefault, "default"),
		schemaRow(markers.K8sDefault{}, prioFirst, applyK8sDefault, "default"),
		schemaRow(markers.Example{}, prioDefault, applyExample, "example"),
		schemaRow(markers.Title{}, prioDefault, applyTitle, "title"),
		schemaRow(markers.ExternalDocs{}, prioDefault, applyExternalDocs, "externalDocs"),
		schemaRow(markers.K8sRequired{}, prioDefault, applyK8sRequired, "minLength", "minItems", "minProperties"),
		schemaRow(markers.ListType{}, prioFirst, applyListType, "x-kubernetes-list-type"),
		schemaRow(markers.ListMapKey{}, prioDefault, applyListMapKey, "x-kubernetes-list-map-keys"),
		schemaRow(markers.MapType{}, prioDefault, applyMapType, "x-kubernetes-map-type"),
		schemaRow(markers.StructType{}, prioDefault, applyStructType, "x-kubernetes-map-type"),
		ruleRow(markers.XValidation{}, prioDefault, xValidationRules),
		ruleRow(markers.Immutable{}, prioDefault, immutableRules),
		ruleRow(markers.AtMostOneOf{}, prioDefault+1, atMostOneOfRules),
		ruleRow(markers.ExactlyOneOf{}, prioDefault+2, exactlyOneOfRules),
		ruleRow(markers.AtLeastOneOf{}, prioDefault+3, atLeastOneOfRules),
	}
	rows = append(rows, otherRows(onCRD,
		markers.Resource{}, markers.SubresourceStatus{}, markers.SubresourceScale{}, markers.PrintColumn{},
		markers.StorageVersion{}, markers.SkipVersion{}, markers.UnservedVersion{}, markers.DeprecatedVersion{},
		markers.SelectableField{}, markers.Metadata{}, markers.OpenShiftAPIApproved{}, markers.OpenShiftCapability{})...)
	rows = append(rows, otherRows(readByModel,
		markers.KubebuilderRequired{}, markers.KubebuilderOptional{}, markers.Required{}, markers.Optional{},
		markers.Schemaless{}, markers.ObjectRoot{}, markers.GroupName{}, markers.VersionName{}, markers.Skip{},
		markers.ConversionFrom{}, markers.ConversionDrop{}, markers.ConversionStyle{}, markers.ConversionWebhook{},
		markers.ConversionTests{}, markers.ConversionFuzzer{}, markers.ConversionSkip{}, markers.ConversionGenerate{},
		markers.K8sConversionGen{}, markers.FeatureGate{},
		// +k8s:forbidden and +k8s:update need the field's Go type and its
		// parent: structSchema reads them.
		markers.K8sForbidden{}, markers.K8sUpdate{},
		// OpenShift's feature gate markers are read by the model as the
		// crdgen markers they stand for; +openshift:file-pattern names
		// files in openshift's layout.
		markers.OpenShiftFeatureGate{}, markers.OpenShiftEnum{}, markers.OpenShiftMaxItems{}, markers.OpenShiftXValidation{},
		markers.OpenShiftUnreadGate{}, markers.OpenShiftFilePattern{}, markers.OpenShiftCompatibilityLevel{},
		markers.OpenShiftCompatibilityInternal{}, markers.OpenShiftSchemaGen{},
		// The other generators' markers (DeepCopy, RBAC, webhooks, apply
		// configurations) shape their files, not the CRDs.
		markers.RBAC{}, markers.Webhook{}, markers.WebhookConfiguration{}, markers.ObjectGenerate{},
		markers.DeepCopyGen{}, markers.DeepCopyInterfaces{}, markers.ApplyConfigGenerate{}, markers.ApplyConfigOutputPackage{})...)
	rows = append(rows, otherRows(onDescriptions, markers.SkipDescription{}, markers.Descriptions{})...)
	rows = append(rows, otherRows(wrapsSchema, markers.K8sEachVal{})...)
	return append(rows, otherRows(foreign, markers.Raw{})...)
}

// meanings is the checked table, by value type.
var meanings = sync.OnceValue(func() map[reflect.Type]meaning {
	table, err := buildMeanings(meaningRows(), keywords(), markers.DefaultRegistry().Definitions())
	if err != nil {
		panic("crdgen: invalid table of marker meanings: " + err.Error())
	}
	return table
})

// buildMeanings checks the rows against the keyword table and the marker
// definitions and returns them by value type.
func buildMeanings(rows []meaning, kws []keyword, defs []*markers.Definition) (map[reflect.Type]meaning, error) {
	table := map[reflect.Type]meaning{}
	merged := map[string]bool{}
	for _, k := range kws {
		merged[k.name] = k.merge != nil || k.elsewhere != ""
	}
	for _, r := range rows {
		t := reflect.TypeOf(r.value)
		if _, dup := table[t]; dup {
			return nil, fmt.Errorf("%s has two rows", t)
		}
		table[t] = r
		isSchema := r.acts == onSchema
		if isSchema != (r.apply != nil) || isSchema != (len(r.keywords) > 0) {
			return nil, fmt.Errorf("%s: a schema marker, and only one, applies itself and names its keywords", t)
		}
		for _, k := range r.keywords {
			has, known := merged[k]
			if !known {
				return nil, fmt.Errorf("%s sets %q, which is not a schema keyword", t, k)
			}
			if !has {
				return nil, fmt.Errorf("%s sets %q, which does not merge through named types", t, k)
			}
		}
	}
	for _, d := range defs {
		t := reflect.TypeOf(d.Args)
		if d.Foreign {
			t = reflect.TypeFor[markers.Raw]()
		}
		if _, ok := table[t]; !ok {
			return nil, fmt.Errorf("+%s (%s) has no row", d.Name, t)
		}
	}
	return table, nil
}

// meaningOf returns the row of a marker value.
func meaningOf(v any) (meaning, bool) {
	r, ok := meanings()[reflect.TypeOf(v)]
	return r, ok
}

// MarkerFor returns the marker of controller-gen's dialect that sets keyword
// and nothing else (kubebuilder:validation:MaxItems for maxItems), for
// suggestions; with items, its items: form.
func MarkerFor(keyword string, items bool) (string, bool) {
	for _, d := range markers.DefaultRegistry().Definitions() {
		name, ok := strings.CutPrefix(d.Name, "kubebuilder:validation:")
		if !ok || d.Items {
			continue
		}
		if r, _ := meaningOf(d.Args); r.acts == onSchema && slices.Equal(r.keywords, []string{keyword}) {
			if items {
				return "kubebuilder:validation:items:" + name, true
			}
			return d.Name, true
		}
	}
	return "", false
}
