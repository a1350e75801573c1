// This case proves that validation-gen's limit tags (minLength, maxLength,
// maxBytes, minItems, minProperties, maxProperties) and neq reach the
// schema, on fields and on types, with trailing comments.
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
}

// Gadget is the Schema for the gadgets API.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}
