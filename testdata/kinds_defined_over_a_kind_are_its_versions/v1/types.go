// Package v1 declares the kind; v1beta1 declares its older version as a
// type defined over it, as gateway-api does (type HTTPRoute v1.HTTPRoute).
// +groupName=defined.crdgen.dev
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// Size is how big it is.
	// +kubebuilder:validation:Maximum=10
	Size int32 `json:"size,omitempty"`
}

// Widget is the kind.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetList is a list of widgets.
// +kubebuilder:object:root=true
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// Other is defined over the kind under another name: not a kind (no
// struct of that name embeds TypeMeta and ObjectMeta).
// +kubebuilder:object:root=true
type Other Widget
