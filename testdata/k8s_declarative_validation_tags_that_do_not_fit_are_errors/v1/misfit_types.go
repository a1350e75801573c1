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
	// Title is one string: it has no values of its own.
	// +optional
	// +k8s:eachVal=+k8s:maxLength=8
	Title string `json:"title,omitempty"`
	// Names take a +k8s: tag, not another marker, and one crdgen knows.
	// +optional
	// +k8s:eachVal=+kubebuilder:validation:MaxLength=8
	// +k8s:eachVal=+k8s:maxLenght=8
	Names []string `json:"names,omitempty"`
	// Grid nests eachVal, which a CRD's schema would need a level down.
	// +optional
	// +k8s:eachVal=+k8s:eachVal=+k8s:maximum=3
	Grid [][]int32 `json:"grid,omitempty"`
	// Meta is a struct, not a pointer: it has no zero value to require.
	// +optional
	// +k8s:forbidden
	Meta Part `json:"meta,omitempty"`
	// Spec is a struct: it is never unset, so NoSet means nothing.
	// +optional
	// +k8s:update=NoSet
	Spec Part `json:"spec,omitempty"`
	// Steps are a list: NoModify belongs on its items; NoAdd is no constraint.
	// +optional
	// +k8s:update=NoModify
	// +k8s:update=NoAdd
	Steps []string `json:"steps,omitempty"`
	// Keys hold values each forbidden: a field's tag, not a value's.
	// +optional
	// +k8s:eachVal=+k8s:forbidden
	Keys map[string]string `json:"keys,omitempty"`
	// Order is an atomic list: its items have no key to be matched by.
	// +optional
	// +listType=atomic
	// +k8s:eachVal=+k8s:update=NoModify
	Order []string `json:"order,omitempty"`
}

// Part is a part.
type Part struct {
	// +optional
	Name string `json:"name,omitempty"`
}

// Misfit is the Schema for the misfits API.
type Misfit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MisfitSpec `json:"spec"`
}
