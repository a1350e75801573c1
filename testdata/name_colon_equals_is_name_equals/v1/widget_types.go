// This case proves that +name:=value means +name=value for every marker that takes one value, as controller-gen v0.23.0 reads it.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Port is a named port.
type Port struct {
	// Name of the port.
	// +optional
	Name string `json:"name,omitempty"`
	// TargetPort is where traffic goes.
	// +optional
	TargetPort int32 `json:"targetPort,omitempty"`
}

// WidgetSpec has a field for each form.
type WidgetSpec struct {
	// Port defaults to an object, in Kubernetes' JSON form.
	// +default:={"targetPort": 8080}
	// +optional
	Port Port `json:"port,omitempty"`

	// Phase defaults to a string, in Kubernetes' JSON form.
	// +default:="Pending"
	// +optional
	Phase string `json:"phase,omitempty"`

	// State defaults to a string, in kubebuilder's form.
	// +kubebuilder:default:="Unknown"
	// +optional
	State string `json:"state,omitempty"`

	// Replicas is bounded.
	// +kubebuilder:validation:Minimum:=1
	// +kubebuilder:validation:Maximum:=10
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Name matches a pattern.
	// +kubebuilder:validation:Pattern:=`^[a-z]+$`
	// +kubebuilder:validation:MaxLength:=63
	// +optional
	Name string `json:"name,omitempty"`

	// Mode is one of a list.
	// +kubebuilder:validation:Enum:=fast;slow
	// +optional
	Mode string `json:"mode,omitempty"`

	// Tags hold short items.
	// +kubebuilder:validation:items:MaxLength:=8
	// +kubebuilder:validation:MaxItems:=4
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Size has an example.
	// +kubebuilder:example:=3
	// +optional
	Size int32 `json:"size,omitempty"`
}

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}
