// This case proves that validation-gen's limit tags (minLength, maxLength,
// maxBytes, minItems, minProperties, maxProperties), neq, every format of
// +k8s:format, eachVal (on a list and on a map), forbidden and update
// reach the schema, on fields and on types, with trailing
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
	// Aliases are short names, each.
	// +optional
	// +listType=atomic
	// +k8s:maxItems=4
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Aliases []string `json:"aliases,omitempty"`
	// Limits hold values of 8 bytes at most, and not "none".
	// +optional
	// +k8s:maxProperties=4
	// +k8s:eachVal=+k8s:maxBytes=8
	// +k8s:eachVal=+k8s:neq="none" # say nothing instead
	Limits map[string]string `json:"limits,omitempty"`
	// Retired fields: none may be set any more.
	// +optional
	Retired Retired `json:"retired,omitempty"`
	// Pinned fields may change on update only as their tags allow.
	// +optional
	Pinned Pinned `json:"pinned,omitempty"`
	// Formats are a string of each of validation-gen's formats.
	// +optional
	Formats Formats `json:"formats,omitempty"`
}

// Retired has a field of each kind, each forbidden.
type Retired struct {
	// +optional
	// +k8s:forbidden
	Pointer *string `json:"pointer,omitempty"`
	// +optional
	// +k8s:forbidden
	Text string `json:"text,omitempty"`
	// +optional
	// +k8s:forbidden
	Count int32 `json:"count,omitempty"`
	// +optional
	// +k8s:forbidden
	Flag bool `json:"flag,omitempty"`
	// +optional
	// +k8s:forbidden
	// +listType=atomic
	List []string `json:"list,omitempty"`
	// +optional
	// +k8s:forbidden
	Map map[string]string `json:"map,omitempty"`
}

// Pinned has fields of each kind under each update constraint.
type Pinned struct {
	// +optional
	// +k8s:update=NoModify
	Text string `json:"text,omitempty"`
	// +optional
	// +k8s:update=NoSet
	CreateOnly *string `json:"createOnly,omitempty"`
	// +optional
	// +k8s:update=NoUnset
	Keep int32 `json:"keep,omitempty"`
	// +optional
	// +k8s:update=NoModify
	// +k8s:update=NoUnset
	Frozen *int32 `json:"frozen,omitempty"`
	// +optional
	// +k8s:update=NoSet
	Flag bool `json:"flag,omitempty"`
	// +optional
	// +k8s:update=NoAddItem
	Fixed map[string]string `json:"fixed,omitempty"`
	// +optional
	// +k8s:update=NoRemoveItem
	Grow map[string]string `json:"grow,omitempty"`
	// +optional
	// +k8s:update=NoModify
	Part Part `json:"part,omitempty"`
	// Ports may come and go, but a port does not change (bounded, as a
	// transition rule on every item needs to be within the cost budget).
	// +optional
	// +listType=map
	// +listMapKey=name
	// +k8s:maxItems=8
	// +k8s:eachVal=+k8s:update=NoModify
	Ports []Port `json:"ports,omitempty"`
	// +optional
	// +k8s:maxProperties=8
	// +k8s:eachVal=+k8s:maxLength=64
	// +k8s:eachVal=+k8s:update=NoModify
	Env map[string]string `json:"env,omitempty"`
}

// Port is a named port.
type Port struct {
	// +required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +optional
	Number int32 `json:"number,omitempty"`
}

// Part is a part.
type Part struct {
	// +optional
	Name string `json:"name,omitempty"`
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
