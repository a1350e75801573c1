package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec says when the widget runs.
type WidgetSpec struct {
	// Schedule in cron format.
	Schedule string `json:"schedule"`
}

// Widget runs on a schedule.
// +kubebuilder:storageversion
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
