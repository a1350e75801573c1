// +groupName=shop.example.com
package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget; v1beta1 is no longer served.
// +kubebuilder:unservedversion
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is what a widget should be.
type WidgetSpec struct {
	// +optional
	Name string `json:"name,omitempty"`
}
