// This case proves that a kind with hand-written ConvertTo and ConvertFrom that opts in with +crdgen:conversion:generate gets crdgen's functions, keeps its methods (which call them here), and that the generated round-trip test converts through the methods, the path controller-runtime takes, so a stub that copies only metadata would fail it.
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
// +crdgen:conversion:generate
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
