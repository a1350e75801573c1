// This case proves that a marker on the wrong kind of node whose intent would be silently lost is an error (controller-gen drops it): a default on a type, a +versionName on a type that says another version, a kind's marker only on its list type, a printer column on a spec type.
//
// +groupName=lost.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Mode is a mode.
// +kubebuilder:default=fast
type Mode string

// WidgetSpec is a widget's spec.
// +kubebuilder:printcolumn:name=Mode,type=string,JSONPath=.spec.mode
type WidgetSpec struct {
	// +optional
	Mode Mode `json:"mode,omitempty"`
}

// Widget is a widget.
// +versionName=v2
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetList lists widgets.
// +kubebuilder:unservedversion
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
