// This case proves that rules over the API server's CEL budget are errors at their marker, and that crdgen cost explains their cost and suggests bounds.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Listener is an item of an unbounded list.
// +kubebuilder:validation:XValidation:rule="self.hostnames.all(h, h.endsWith('.example.com'))",message="hostnames must be under example.com"
type Listener struct {
	// Name of the listener.
	Name string `json:"name"`
	// Hostnames served.
	Hostnames []string `json:"hostnames"`
}

// GatewaySpec has the Kubernetes docs' example rule, unbounded and bounded.
type GatewaySpec struct {
	// Unbounded is a list of strings with no bounds: the rule is over budget
	// by more than 100x.
	// +kubebuilder:validation:XValidation:rule="self.all(x, x.contains('a string'))"
	Unbounded []string `json:"unbounded"`

	// Bounded is the same list with maxItems 25 and maxLength 10: the rule
	// costs 202.
	// +kubebuilder:validation:MaxItems=25
	// +kubebuilder:validation:items:MaxLength=10
	// +kubebuilder:validation:XValidation:rule="self.all(x, x.contains('a string'))"
	Bounded []string `json:"bounded"`

	// Listeners are unbounded, and each runs a rule over its own unbounded list.
	// +listType=map
	// +listMapKey=name
	// +optional
	Listeners []Listener `json:"listeners,omitempty"`

	// Message builds its message from a number, which the API server
	// estimates as unbounded.
	// +kubebuilder:validation:XValidation:rule="self <= 10",messageExpression="'replicas must be at most 10, not ' + string(self)"
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Gateway routes traffic.
type Gateway struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GatewaySpec `json:"spec"`
}
