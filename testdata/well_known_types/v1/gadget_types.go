// This case proves that Kubernetes' special types get the schemas the API server expects.
package v1

import (
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// GadgetSpec uses every special type.
type GadgetSpec struct {
	// StartedAt is a metav1.Time.
	// +optional
	StartedAt metav1.Time `json:"startedAt,omitempty"`
	// Precise is a metav1.MicroTime.
	// +optional
	Precise *metav1.MicroTime `json:"precise,omitempty"`
	// Wall is a time.Time, which is a date-time string in JSON too.
	// +optional
	Wall *time.Time `json:"wall,omitempty"`
	// Timeout is a metav1.Duration.
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`
	// Memory is a resource.Quantity.
	// +optional
	Memory *resource.Quantity `json:"memory,omitempty"`
	// Limits is a map of quantities.
	// +optional
	Limits map[string]resource.Quantity `json:"limits,omitempty"`
	// MaxUnavailable is an int or a string.
	// +optional
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty"`
	// Extension is any object.
	// +optional
	Extension *runtime.RawExtension `json:"extension,omitempty"`
	// Value is any JSON value.
	// +optional
	Value *apiextensionsv1.JSON `json:"value,omitempty"`
	// Object is any object, as unstructured data.
	// +optional
	Object *unstructured.Unstructured `json:"object,omitempty"`
	// Data is bytes, base64 in JSON.
	// +optional
	Data []byte `json:"data,omitempty"`
	// Selector is a label selector, built from its Go source with its markers.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// Template metadata is an object the API server does not look into.
	// +optional
	TemplateMeta metav1.ObjectMeta `json:"templateMeta,omitempty"`
	// Anything is any JSON value: an interface field is valid once its unknown fields are preserved.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Anything interface{} `json:"anything,omitempty"`
	// Settings is an object of any values: so is a map of interface values.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Settings map[string]any `json:"settings,omitempty"`
}

// GadgetStatus has conditions.
type GadgetStatus struct {
	// Conditions of the gadget.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// ObservedGeneration is the last generation seen.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Gadget uses special types.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`
}
