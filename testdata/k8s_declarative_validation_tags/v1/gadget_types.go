// This case proves that validation-gen's limit tags (minLength, maxLength,
// maxBytes, minItems, minProperties, maxProperties), neq and every format
// of +k8s:format reach the schema, on fields and on types, with trailing
// comments. test/k8stags judges each against validation-gen's validators.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ShortName is a name of 1 to 63 characters.
// +k8s:minLength=1
// +k8s:maxLength=63
type ShortName string

// GadgetSpec is the spec of a Gadget.
type GadgetSpec struct {
	// Name is the gadget's name.
	// +required
	Name ShortName `json:"name"`
	// Label may hold 16 bytes of UTF-8, and no more characters than that.
	// +optional
	// +k8s:maxBytes=16 # a label printed on a small screen
	Label string `json:"label,omitempty"`
	// Parts lists the gadget's parts: one at least.
	// +optional
	// +k8s:minItems=1
	// +listType=atomic
	Parts []string `json:"parts,omitempty"`
	// Settings are one to eight settings.
	// +optional
	// +k8s:minProperties=1
	// +k8s:maxProperties=8
	Settings map[string]string `json:"settings,omitempty"`
	// Mode is any mode but "off", whose gadget would be useless.
	// +optional
	// +k8s:neq="off # not a comment"
	Mode string `json:"mode,omitempty"`
	// Replicas are never zero.
	// +optional
	// +k8s:neq=0
	Replicas int32 `json:"replicas,omitempty"`
	// Enabled may not be false: leave it out instead.
	// +optional
	// +k8s:neq=false
	Enabled *bool `json:"enabled,omitempty"`
	// Formats are a string of each of validation-gen's formats.
	// +optional
	Formats Formats `json:"formats,omitempty"`
}

// Formats has a string of each format.
type Formats struct {
	// +optional
	// +k8s:format=k8s-short-name
	ShortName string `json:"shortName,omitempty"`
	// +optional
	// +k8s:format=k8s-long-name
	LongName string `json:"longName,omitempty"`
	// +optional
	// +k8s:format=k8s-long-name-caseless
	LongNameCaseless string `json:"longNameCaseless,omitempty"`
	// +optional
	// +k8s:format=k8s-label-key
	LabelKey string `json:"labelKey,omitempty"`
	// +optional
	// +k8s:format=k8s-prefixed-label-key
	PrefixedLabelKey string `json:"prefixedLabelKey,omitempty"`
	// +optional
	// +k8s:format=k8s-label-value
	LabelValue string `json:"labelValue,omitempty"`
	// +optional
	// +k8s:format=k8s-uuid
	UUID string `json:"uuid,omitempty"`
	// +optional
	// +k8s:format=k8s-path-segment-name
	PathSegmentName string `json:"pathSegmentName,omitempty"`
	// +optional
	// +k8s:format=k8s-resource-pool-name
	ResourcePoolName string `json:"resourcePoolName,omitempty"`
	// +optional
	// +k8s:format=k8s-extended-resource-name
	ExtendedResourceName string `json:"extendedResourceName,omitempty"`
	// A pattern of its own and a format: both hold.
	// +optional
	// +kubebuilder:validation:Pattern=`^x`
	// +k8s:format=k8s-short-name # and starts with x
	Both string `json:"both,omitempty"`
}

// Gadget is the Schema for the gadgets API.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}
