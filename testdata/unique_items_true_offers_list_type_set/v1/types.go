// This case proves that +kubebuilder:validation:UniqueItems=true is an error (the API server rejects uniqueItems: true; controller-gen writes it) whose fix, on a list of scalars, is +listType=set, and that a list of objects gets the advice without the fix.
//
// +groupName=unique.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Port is a port.
type Port struct {
	Number int32 `json:"number"`
}

// GateSpec describes a gate.
type GateSpec struct {
	// +kubebuilder:validation:UniqueItems=true
	// +optional
	Hosts []string `json:"hosts,omitempty"`
	// +kubebuilder:validation:UniqueItems=true
	// +optional
	Ports []Port `json:"ports,omitempty"`
}

// Gate is a gate.
type Gate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GateSpec `json:"spec"`
}
