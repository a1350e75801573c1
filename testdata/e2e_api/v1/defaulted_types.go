// This file proves that defaults are applied by the API server: on scalars, objects, lists, maps and list items, with and without nullable.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Endpoint is a named port.
type Endpoint struct {
	// Name of the endpoint.
	Name string `json:"name"`
	// Port defaults to 80 wherever an endpoint leaves it out, in list items
	// and inside defaulted objects alike.
	// +kubebuilder:default=80
	// +optional
	Port int32 `json:"port,omitempty"`
}

// DefaultedSpec has a default on every shape of field.
type DefaultedSpec struct {
	// Replicas defaults to a number.
	// +kubebuilder:default=3
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Image defaults to a string.
	// +kubebuilder:default="nginx:1.27"
	// +optional
	Image string `json:"image,omitempty"`
	// Enabled defaults to true; a pointer, so that an explicit false stays.
	// +kubebuilder:default=true
	// +optional
	Enabled *bool `json:"enabled,omitempty"`
	// Region uses the Kubernetes +default marker, whose value is JSON.
	// +default="eu-west-1"
	// +optional
	Region string `json:"region,omitempty"`
	// Primary defaults to an object that leaves its port to Endpoint's own
	// default.
	// +kubebuilder:default={name: main}
	// +optional
	Primary *Endpoint `json:"primary,omitempty"`
	// Tags default to a list.
	// +kubebuilder:default={a,b}
	// +optional
	Tags []string `json:"tags,omitempty"`
	// Endpoints have no default of their own; their items get Endpoint's.
	// +optional
	Endpoints []Endpoint `json:"endpoints,omitempty"`
	// Labels default to a map.
	// +kubebuilder:default={team: core}
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Mode is not nullable: a null is dropped and then defaulted.
	// +kubebuilder:default=Auto
	// +kubebuilder:validation:Enum=Auto;Manual
	// +optional
	Mode string `json:"mode,omitempty"`
	// Note is nullable: a null stays null, only an absent note is defaulted.
	// +nullable
	// +kubebuilder:default="fallback"
	// +optional
	Note *string `json:"note,omitempty"`
}

// Defaulted is a kind whose spec, when absent, is defaulted to an empty
// object that the server then fills with the defaults inside it.
type Defaulted struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +kubebuilder:default={}
	Spec DefaultedSpec `json:"spec"`
}
