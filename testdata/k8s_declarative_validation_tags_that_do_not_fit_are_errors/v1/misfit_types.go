// This case proves that a +k8s: tag on a node it does not fit, or with a
// payload validation-gen refuses, is an error at the marker.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// MisfitSpec is the spec of a Misfit.
type MisfitSpec struct {
	// Count is a number, not a string.
	// +optional
	// +k8s:maxLength=3
	Count int32 `json:"count,omitempty"`
	// Name is a string: an integer payload does not fit it.
	// +optional
	// +k8s:neq=0
	Name string `json:"name,omitempty"`
	// Flag takes true or false, not a word.
	// +optional
	// +k8s:neq=off
	Flag bool `json:"flag,omitempty"`
	// Tags are a list, whose size is not a byte count.
	// +optional
	// +k8s:maxBytes=8
	Tags []string `json:"tags,omitempty"`
	// Labels are a map, not a list.
	// +optional
	// +k8s:minItems=1
	Labels map[string]string `json:"labels,omitempty"`
	// Note has a negative bound.
	// +optional
	// +k8s:maxBytes=-1
	Note string `json:"note,omitempty"`
	// Host names a format validation-gen does not have.
	// +optional
	// +k8s:format=k8s-short-nam
	Host string `json:"host,omitempty"`
	// Device names the format crdgen does not write into a CRD.
	// +optional
	// +k8s:format=k8s-resource-fully-qualified-name
	Device string `json:"device,omitempty"`
	// Port is a number, which has no format.
	// +optional
	// +k8s:format=k8s-short-name
	Port int32 `json:"port,omitempty"`
}

// Misfit is the Schema for the misfits API.
type Misfit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MisfitSpec `json:"spec"`
}
