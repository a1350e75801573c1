// This case proves that +kubebuilder:default and +default reach the schema on scalars, objects, lists and maps.
package v1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Endpoint is a named port.
type Endpoint struct {
	// Name of the endpoint.
	Name string `json:"name"`
	// Port number.
	// +kubebuilder:default=80
	// +optional
	Port int32 `json:"port,omitempty"`
}

// WidgetSpec shows every kind of default.
type WidgetSpec struct {
	// Replicas defaults to a number.
	// +kubebuilder:default=3
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Image defaults to a quoted string.
	// +kubebuilder:default="nginx:1.27"
	// +optional
	Image string `json:"image,omitempty"`

	// Mode defaults to a bare string.
	// +kubebuilder:default=Auto
	// +kubebuilder:validation:Enum=Auto;Manual
	// +optional
	Mode string `json:"mode,omitempty"`

	// Enabled defaults to true.
	// +kubebuilder:default=true
	// +optional
	Enabled *bool `json:"enabled,omitempty"`

	// CPU defaults to a quantity.
	// +kubebuilder:default="100m"
	// +optional
	CPU *resource.Quantity `json:"cpu,omitempty"`

	// Tags default to a list, written as {a,b}.
	// +kubebuilder:default={a,b}
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Legacy defaults to a list, written as a;b.
	// +kubebuilder:default=x;y
	// +optional
	Legacy []string `json:"legacy,omitempty"`

	// Empty defaults to an empty list: {} on a list is [].
	// +kubebuilder:default={}
	// +optional
	Empty []string `json:"empty,omitempty"`

	// Primary defaults to an object.
	// +kubebuilder:default={name: main, port: 8080}
	// +optional
	Primary *Endpoint `json:"primary,omitempty"`

	// Endpoints default to a list of objects.
	// +kubebuilder:default={{name: a, port: 1},{name: b}}
	// +optional
	Endpoints []Endpoint `json:"endpoints,omitempty"`

	// Labels default to a map.
	// +kubebuilder:default={team: core}
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// JSONStyle uses the Kubernetes +default marker, whose value is JSON.
	// +default={"a":1,"b":[true,false]}
	// +optional
	JSONStyle map[string]apiextensionsv1.JSON `json:"jsonStyle,omitempty"`

	// Both markers: +kubebuilder:default wins over +default.
	// +default="from-default"
	// +kubebuilder:default="from-kubebuilder"
	// +optional
	Both string `json:"both,omitempty"`

	// Nullable keeps null; its default applies only when the field is absent.
	// +nullable
	// +kubebuilder:default="fallback"
	// +optional
	Nullable *string `json:"nullable,omitempty"`

	// Timeout defaults to a duration string.
	// +kubebuilder:default="30s"
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`
}

// Widget has defaults.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +kubebuilder:default={}
	Spec WidgetSpec `json:"spec"`
}
