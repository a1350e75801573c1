package markers

// This file defines the OpenAPI schema markers (+kubebuilder:validation:*),
// each for fields and types, and their +kubebuilder:validation:items:
// variants, which apply to a list's items.

// Maximum is the value of +kubebuilder:validation:Maximum and +k8s:maximum.
type Maximum struct{ Value float64 }

// Minimum is the value of +kubebuilder:validation:Minimum and +k8s:minimum.
type Minimum struct{ Value float64 }

// ExclusiveMaximum is the value of +kubebuilder:validation:ExclusiveMaximum.
type ExclusiveMaximum struct{ Value bool }

// ExclusiveMinimum is the value of +kubebuilder:validation:ExclusiveMinimum.
type ExclusiveMinimum struct{ Value bool }

// MultipleOf is the value of +kubebuilder:validation:MultipleOf.
type MultipleOf struct{ Value float64 }

// MaxLength is the value of +kubebuilder:validation:MaxLength.
type MaxLength struct{ Value int64 }

// MinLength is the value of +kubebuilder:validation:MinLength.
type MinLength struct{ Value int64 }

// Pattern is the value of +kubebuilder:validation:Pattern.
type Pattern struct{ Value string }

// MaxItems is the value of +kubebuilder:validation:MaxItems and +k8s:maxItems.
type MaxItems struct{ Value int64 }

// MinItems is the value of +kubebuilder:validation:MinItems.
type MinItems struct{ Value int64 }

// UniqueItems is the value of +kubebuilder:validation:UniqueItems.
type UniqueItems struct{ Value bool }

// MaxProperties is the value of +kubebuilder:validation:MaxProperties.
type MaxProperties struct{ Value int64 }

// MinProperties is the value of +kubebuilder:validation:MinProperties.
type MinProperties struct{ Value int64 }

// Enum is the value of +kubebuilder:validation:Enum.
type Enum struct{ Value []any }

// Format is the value of +kubebuilder:validation:Format.
type Format struct{ Value string }

// Type is the value of +kubebuilder:validation:Type.
type Type struct{ Value string }

// XPreserveUnknownFields is the value of +kubebuilder:validation:XPreserveUnknownFields
// and +kubebuilder:pruning:PreserveUnknownFields.
type XPreserveUnknownFields struct{}

// XEmbeddedResource is the value of +kubebuilder:validation:XEmbeddedResource
// and +kubebuilder:validation:EmbeddedResource.
type XEmbeddedResource struct{}

// XIntOrString is the value of +kubebuilder:validation:XIntOrString.
type XIntOrString struct{}

// XValidation is the value of +kubebuilder:validation:XValidation: a CEL rule.
type XValidation struct {
	Rule              string
	Message           string `marker:",optional"`
	MessageExpression string `marker:",optional"`
	Reason            string `marker:",optional"`
	FieldPath         string `marker:",optional"`
	OptionalOldSelf   *bool
}

const validationPrefix = "kubebuilder:validation:"

// schemaDefs lists the schema markers that exist for fields and types and
// have an items: variant. Name is the part after +kubebuilder:validation:.
func schemaDefs() []Definition {
	return []Definition{
		{Name: "Maximum", Args: Maximum{}, Doc: "Maximum sets the largest value a number may have."},
		{Name: "Minimum", Args: Minimum{}, Doc: "Minimum sets the smallest value a number may have."},
		{Name: "ExclusiveMaximum", Args: ExclusiveMaximum{}, Doc: "ExclusiveMaximum makes Maximum exclusive."},
		{Name: "ExclusiveMinimum", Args: ExclusiveMinimum{}, Doc: "ExclusiveMinimum makes Minimum exclusive."},
		{Name: "MultipleOf", Args: MultipleOf{}, Doc: "MultipleOf requires a number to be a multiple of the value."},
		{Name: "MaxLength", Args: MaxLength{}, Doc: "MaxLength sets the longest a string may be, in characters."},
		{Name: "MinLength", Args: MinLength{}, Doc: "MinLength sets the shortest a string may be, in characters."},
		{Name: "Pattern", Args: Pattern{}, Doc: "Pattern requires a string to match a regular expression (quote it with backticks)."},
		{Name: "MaxItems", Args: MaxItems{}, Doc: "MaxItems caps how many items a list may hold."},
		{Name: "MinItems", Args: MinItems{}, Doc: "MinItems sets how many items a list must hold at least."},
		{Name: "UniqueItems", Args: UniqueItems{}, Doc: "UniqueItems asks for unique items; the API server rejects it, use +listType=set instead.",
			Caution: cautionUniqueItems},
		{Name: "MaxProperties", Args: MaxProperties{}, Doc: "MaxProperties caps how many keys an object or map may hold."},
		{Name: "MinProperties", Args: MinProperties{}, Doc: "MinProperties sets how many keys an object or map must hold at least."},
		{Name: "Enum", Args: Enum{}, Doc: "Enum lists the values allowed, as {a,b,c} or a;b;c."},
		{Name: "Format", Args: Format{}, Doc: "Format sets the OpenAPI format (date-time, int32, uri, email, ...)."},
		{Name: "Type", Args: Type{}, Doc: "Type overrides the OpenAPI type (string, integer, number, boolean, object, array)."},
		{Name: "XPreserveUnknownFields", Args: XPreserveUnknownFields{}, Doc: "XPreserveUnknownFields stops the API server from pruning unknown fields here."},
		{Name: "XEmbeddedResource", Args: XEmbeddedResource{}, Doc: "XEmbeddedResource marks an embedded Kubernetes object (apiVersion, kind, metadata)."},
		{Name: "XIntOrString", Args: XIntOrString{}, Doc: "XIntOrString allows either an integer or a string."},
		{Name: "XValidation", Args: XValidation{}, Repeatable: true, Doc: "XValidation adds a CEL validation rule (rule, message, messageExpression, reason, fieldPath, optionalOldSelf)."},
	}
}

// cautionUniqueItems says what +kubebuilder:validation:UniqueItems=true
// comes to: the API server refuses uniqueItems: true.
func cautionUniqueItems(v any) string {
	if u, ok := v.(UniqueItems); ok && u.Value {
		return "which the API server rejects as uniqueItems: true; +listType=set is the way to unique items"
	}
	return ""
}

// validationDefs expands schemaDefs into their field, type and items: forms.
func validationDefs() []Definition {
	var defs []Definition
	for _, d := range schemaDefs() {
		base := d
		base.Name = validationPrefix + d.Name
		base.Targets = OnField | OnType
		defs = append(defs, base)

		items := base
		items.Name = validationPrefix + "items:" + d.Name
		items.Doc = "For list items: " + d.Doc
		items.Items = true
		defs = append(defs, items)
	}
	return defs
}
