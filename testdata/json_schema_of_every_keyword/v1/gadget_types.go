// This case proves that every keyword of a structural schema reaches the JSON Schema as the API server means it.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Gadget has a field of every kind.
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Cluster
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec"`
	Status GadgetStatus `json:"status,omitempty"`
}

// GadgetSpec is the desired state of a Gadget.
// +kubebuilder:validation:XValidation:rule="!has(self.low) || !has(self.high) || self.low <= self.high",message="low must not exceed high"
type GadgetSpec struct {
	// Name is required, and a DNS label.
	// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
	// +kubebuilder:validation:MaxLength=63
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:title=The name
	// +kubebuilder:example="web"
	Name string `json:"name"`

	// Mode is required but has a default, so it may be left out.
	// +kubebuilder:validation:Enum=Fast;Slow
	// +kubebuilder:default=Fast
	// +required
	Mode string `json:"mode"`

	// Low is above zero, high below a hundred, step a multiple of 0.5.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +optional
	Low *int32 `json:"low,omitempty"`
	// +kubebuilder:validation:Maximum=100
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +optional
	High *int64 `json:"high,omitempty"`
	// +kubebuilder:validation:Type=number
	// +kubebuilder:validation:Format=double
	// +kubebuilder:validation:MultipleOf=0.5
	// +optional
	Step string `json:"step,omitempty"`

	// Note may be null.
	// +nullable
	// +optional
	Note *string `json:"note,omitempty"`

	// Size is an integer or a string.
	// +optional
	Size *intstr.IntOrString `json:"size,omitempty"`

	// Formats the server checks, and one it ignores.
	// +optional
	Formats Formats `json:"formats,omitempty"`

	// Tags are a set.
	// +listType=set
	// +kubebuilder:validation:MaxItems=4
	// +kubebuilder:validation:MinItems=1
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Ports are a map list keyed by name.
	// +listType=map
	// +listMapKey=name
	// +optional
	Ports []Port `json:"ports,omitempty"`

	// Labels are a map of at most four entries.
	// +kubebuilder:validation:MaxProperties=4
	// +kubebuilder:validation:MinProperties=1
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Settings are a granular map.
	// +mapType=granular
	// +optional
	Settings map[string]int32 `json:"settings,omitempty"`

	// Extra keeps whatever it holds.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Extra *runtime.RawExtension `json:"extra,omitempty"`

	// Template is an embedded object.
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Template *runtime.RawExtension `json:"template,omitempty"`

	// Tricky has properties named as JSON Schema keywords.
	// +optional
	Tricky *Tricky `json:"tricky,omitempty"`
}

// Formats are strings of the server's formats.
type Formats struct {
	// +kubebuilder:validation:Format=date
	// +optional
	Date string `json:"date,omitempty"`
	// +kubebuilder:validation:Format=date-time
	// +optional
	DateTime string `json:"dateTime,omitempty"`
	// +kubebuilder:validation:Format=uuid
	// +optional
	UUID string `json:"uuid,omitempty"`
	// +kubebuilder:validation:Format=ipv4
	// +optional
	IPv4 string `json:"ipv4,omitempty"`
	// +kubebuilder:validation:Format=uri
	// +optional
	URI string `json:"uri,omitempty"`
	// +kubebuilder:validation:Format=byte
	// +optional
	Data string `json:"data,omitempty"`
	// +kubebuilder:validation:Format=duration
	// +optional
	Timeout string `json:"timeout,omitempty"`
	// +kubebuilder:validation:Format=email
	// +kubebuilder:validation:Pattern=`@example\.com$`
	// +optional
	Email string `json:"email,omitempty"`
	// +kubebuilder:validation:Format=no-such-format
	// +optional
	Other string `json:"other,omitempty"`
}

// Port is an item of a map list.
type Port struct {
	// +kubebuilder:validation:MaxLength=15
	Name string `json:"name"`
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	// +kubebuilder:default=80
	Number int32 `json:"number,omitempty"`
}

// Tricky has properties named properties, type and $ref, which a
// converter that rewrites keys by name breaks.
type Tricky struct {
	// +optional
	Properties map[string]string `json:"properties,omitempty"`
	// +kubebuilder:validation:Enum=a;b
	// +optional
	Type string `json:"type,omitempty"`
	// +optional
	Ref string `json:"$ref,omitempty"`
}

// GadgetStatus is what the controller saw.
type GadgetStatus struct {
	// Ready says the gadget works.
	// +optional
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true

// GadgetList is a list of Gadgets.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}
