package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// Size is how big the widget is.
	Size int32 `json:"size"`
}

// Widget is in the preview set's version v1beta1.
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
