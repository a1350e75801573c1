// This case proves that crdgen diff classifies changes against the CRDs in
// before/ (what the previous types generated): breaking ones fail the check,
// safe ones do not, and the security lint reports unpruned and unbounded
// places.
//
// +groupName=shop.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
// +kubebuilder:storageversion
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is what a widget should be.
// +kubebuilder:validation:XValidation:rule="self.owner.startsWith('team-')",message="owners are teams"
type WidgetSpec struct {
	// Name names the widget; it became required.
	Name string `json:"name"`
	// Owner is the team that owns it.
	// +optional
	Owner string `json:"owner,omitempty"`
	// Mode lost its value c.
	// +kubebuilder:validation:Enum=a;b
	// +optional
	Mode string `json:"mode,omitempty"`
	// Replicas may be at most 5 now (10 before).
	// +kubebuilder:validation:Maximum=5
	// +kubebuilder:validation:Minimum=0
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Color is new.
	// +optional
	Color string `json:"color,omitempty"`
	// Port's default changed from 80.
	// +kubebuilder:default=8080
	// +optional
	Port int32 `json:"port,omitempty"`
	// Tags are a set now.
	// +listType=set
	// +optional
	Tags []string `json:"tags,omitempty"`
	// Extra keeps what clients send.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Extra *Extra `json:"extra,omitempty"`
}

// Extra is free-form.
type Extra struct{}
