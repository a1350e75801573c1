package markers

// This file defines the markers of field presence (required, optional,
// nullable), values (defaults, examples, titles), escape hatches
// (Schemaless, PreserveUnknownFields, EmbeddedResource), the +k8s: tags
// crdgen reads, and the type-level one-of markers.

import "strings"

// KubebuilderRequired is +kubebuilder:validation:Required: on a field, the
// field is required; on a package, fields are required unless omitempty.
type KubebuilderRequired struct{}

// KubebuilderOptional is +kubebuilder:validation:Optional: on a field, the
// field is optional; on a package, fields are optional unless marked required.
type KubebuilderOptional struct{}

// Required is +required: the field is required.
type Required struct{}

// Optional is +optional and +k8s:optional: the field is optional.
type Optional struct{}

// K8sRequired is +k8s:required: the field is required, and an empty value
// is rejected (minLength, minItems or minProperties 1 unless set).
type K8sRequired struct{}

// Nullable is +nullable: the field accepts null.
type Nullable struct{}

// Default is +kubebuilder:default: the field's default, in marker syntax.
type Default struct{ Value any }

// K8sDefault is +default: the field's default, as strict JSON. Ref is set
// instead of Value for the +default=ref(Name) form.
type K8sDefault struct {
	Value any
	Ref   string
}

// Example is +kubebuilder:example: an example value shown in the schema.
type Example struct{ Value any }

// Title is +kubebuilder:title: the schema's title.
type Title struct{ Value any }

// ExternalDocs is +kubebuilder:externalDocs: a link to more documentation.
type ExternalDocs struct {
	URL         string `marker:"url"`
	Description string `marker:",optional"`
}

// Schemaless is +kubebuilder:validation:Schemaless: the field's Go type is
// not inspected; only its other markers shape the schema.
type Schemaless struct{}

// Immutable is +k8s:immutable: the field cannot change once set.
type Immutable struct{}

// K8sEnum is +k8s:enum: the type's string constants are its allowed values.
type K8sEnum struct{}

// ExactlyOneOf is +kubebuilder:validation:ExactlyOneOf: exactly one of the
// listed fields must be set.
type ExactlyOneOf struct{ Value []string }

// AtMostOneOf is +kubebuilder:validation:AtMostOneOf: at most one of the
// listed fields may be set.
type AtMostOneOf struct{ Value []string }

// AtLeastOneOf is +kubebuilder:validation:AtLeastOneOf: at least one of the
// listed fields must be set.
type AtLeastOneOf struct{ Value []string }

func fieldDefs() []Definition {
	return []Definition{
		{Name: "kubebuilder:validation:Required", Targets: OnField, Args: KubebuilderRequired{}, Doc: "Required makes the field required (prefer +required)."},
		{Name: "kubebuilder:validation:Optional", Targets: OnField, Args: KubebuilderOptional{}, Doc: "Optional makes the field optional (prefer +optional)."},
		{Name: "required", Targets: OnField, Args: Required{}, Doc: "Required makes the field required."},
		{Name: "optional", Targets: OnField, Args: Optional{}, Doc: "Optional makes the field optional."},
		{Name: "k8s:required", Targets: OnField, Args: K8sRequired{}, Doc: "required makes the field required and rejects an empty value (minLength, minItems or minProperties 1)."},
		{Name: "k8s:optional", Targets: OnField, Args: Optional{}, Doc: "optional makes the field optional (the +k8s: form of +optional)."},
		{Name: "nullable", Targets: OnField, Args: Nullable{}, Doc: "Nullable lets the field be null."},
		{Name: "kubebuilder:default", Targets: OnField, Args: Default{}, Doc: "Default sets the field's default value, in marker syntax."},
		{Name: "default", Targets: OnField, Args: K8sDefault{}, Decode: decodeK8sDefault, Syntax: "+default=<json>", Doc: "Default sets the field's default value, as JSON (ref(...) is not supported in CRDs)."},
		{Name: "kubebuilder:example", Targets: OnField, Args: Example{}, Doc: "Example sets an example value."},
		{Name: "kubebuilder:title", Targets: OnField | OnType, Args: Title{}, Doc: "Title sets the schema's title."},
		{Name: "kubebuilder:externalDocs", Targets: OnField | OnType, Args: ExternalDocs{}, Doc: "ExternalDocs links to documentation (url, description)."},
		{Name: "kubebuilder:validation:Schemaless", Targets: OnField, Args: Schemaless{}, Doc: "Schemaless skips the field's Go type; only its other markers shape the schema."},
		{Name: "kubebuilder:validation:EmbeddedResource", Targets: OnField, Args: XEmbeddedResource{}, Doc: "EmbeddedResource marks the field as an embedded Kubernetes object."},
		{Name: "kubebuilder:pruning:PreserveUnknownFields", Targets: OnField | OnType, Args: XPreserveUnknownFields{}, Doc: "PreserveUnknownFields stops the API server from pruning unknown fields here."},
		{Name: "k8s:immutable", Targets: OnField, Args: Immutable{}, Doc: "Immutable forbids changing the field once it is set."},
		{Name: "k8s:maxItems", Targets: OnField, Args: MaxItems{}, HashComments: true, Doc: "maxItems caps how many items a list may hold (the +k8s: form of MaxItems)."},
		{Name: "k8s:minimum", Targets: OnField, Args: Minimum{}, HashComments: true, Doc: "minimum sets the smallest value a number may have (the +k8s: form of Minimum)."},
		{Name: "k8s:maximum", Targets: OnField, Args: Maximum{}, HashComments: true, Doc: "maximum sets the largest value a number may have (the +k8s: form of Maximum)."},
		{Name: "k8s:enum", Targets: OnType | OnField, Args: K8sEnum{}, Doc: "enum makes the type's string constants its allowed values."},
		{Name: "kubebuilder:validation:ExactlyOneOf", Targets: OnType, Args: ExactlyOneOf{}, Repeatable: true, Doc: "ExactlyOneOf requires exactly one of the listed fields to be set."},
		{Name: "kubebuilder:validation:AtMostOneOf", Targets: OnType, Args: AtMostOneOf{}, Repeatable: true, Doc: "AtMostOneOf allows at most one of the listed fields to be set."},
		{Name: "kubebuilder:validation:AtLeastOneOf", Targets: OnType, Args: AtLeastOneOf{}, Repeatable: true, Doc: "AtLeastOneOf requires at least one of the listed fields to be set."},
	}
}

// decodeK8sDefault reads +default's value: strict JSON, or ref(Name).
func decodeK8sDefault(text string) (any, error) {
	trimmed := strings.TrimSpace(text)
	if ref, ok := strings.CutPrefix(trimmed, "ref("); ok {
		name, ok := strings.CutSuffix(ref, ")")
		if !ok || name == "" {
			return nil, &ArgError{Msg: "ref( must be followed by a name and )"}
		}
		return K8sDefault{Ref: name}, nil
	}
	if trimmed == "" {
		return nil, &ArgError{Msg: "+default needs a JSON value: +default=<json>"}
	}
	v, err := DecodeJSON(text)
	if err != nil {
		return nil, err
	}
	return K8sDefault{Value: v}, nil
}
