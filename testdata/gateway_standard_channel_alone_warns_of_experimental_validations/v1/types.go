// Package v1 uses Gateway API's tags with only the standard channel as a
// feature set: the experimental validation exists in no set, and crdgen
// warns of it; the experimental field is left out, with no warning.
// +groupName=tags.crdgen.dev
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// RouteSpec is a route's spec.
type RouteSpec struct {
	// Mode is how the route runs.
	//
	// <gateway:experimental:description>
	// Turbo is experimental.
	// </gateway:experimental:description>
	//
	// +kubebuilder:validation:Enum=Fast;Slow
	// <gateway:experimental:validation:Enum=Fast;Slow;Turbo>
	// +optional
	Mode string `json:"mode,omitempty"`
	// Retry exists in the experimental channel only.
	//
	// +optional
	// <gateway:experimental>
	Retry *int32 `json:"retry,omitempty"`
}

// Route is a kind.
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RouteSpec `json:"spec,omitempty"`
}

// RouteList is a list of routes.
type RouteList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Route `json:"items"`
}
