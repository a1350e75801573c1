// The kinds whose CRDs crdgen validate builds and judges manifests by:
// bounds, an enum, a CEL rule, a transition rule, defaults, a list map.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Port is a named port.
type Port struct {
	// Name keys the list.
	Name string `json:"name"`
	// Number defaults to 80.
	// +kubebuilder:default=80
	// +kubebuilder:validation:Maximum=65535
	// +optional
	Number int32 `json:"number,omitempty"`
}

// WidgetSpec is a widget's spec.
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.owner) || self.owner == oldSelf.owner",message="owner cannot change once set"
// +kubebuilder:validation:XValidation:rule="self.replicas <= 5 || has(self.reason)",message="more than 5 replicas need a reason"
type WidgetSpec struct {
	// Owner is required.
	Owner string `json:"owner"`
	// Replicas defaults to 1.
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Reason explains many replicas.
	// +optional
	Reason string `json:"reason,omitempty"`
	// Speed is one of two.
	// +kubebuilder:validation:Enum=Fast;Slow
	// +kubebuilder:default=Fast
	// +optional
	Speed string `json:"speed,omitempty"`
	// Ports are keyed by name.
	// +listType=map
	// +listMapKey=name
	// +optional
	Ports []Port `json:"ports,omitempty"`
}

// Widget is a namespaced kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetList is a list of widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
