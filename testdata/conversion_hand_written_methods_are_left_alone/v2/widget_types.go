// This case proves that a kind whose versions already convert by hand (ConvertTo and ConvertFrom written in the spoke, as in kubebuilder's multiversion tutorial) is left alone with one note: crdgen writes no conversion for it, so the packages still compile (crdgen used to write functions that called hand-written Convert_ functions the project never had).
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Schedule is a cron schedule in parts.
type Schedule struct {
	// Minute of the schedule.
	// +optional
	Minute string `json:"minute,omitempty"`
	// Rest of the schedule.
	// +optional
	Rest string `json:"rest,omitempty"`
}

// WidgetSpec says when the widget runs.
type WidgetSpec struct {
	// Schedule in parts.
	Schedule Schedule `json:"schedule"`
}

// Widget runs on a schedule.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
