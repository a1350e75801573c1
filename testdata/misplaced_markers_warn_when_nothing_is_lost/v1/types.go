// This case proves that a marker on the wrong kind of node that controller-gen also ignores, and whose intent is not lost, is a warning and the run succeeds (kubebuilder's tutorials have them): +optional on a type, +versionName on a type that says what the package says, a kind's marker repeated on its list type.
//
// +groupName=tutorial.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// CronJobStatus is the observed state.
// +optional
type CronJobStatus struct {
	// Active jobs.
	// +optional
	Active []string `json:"active,omitempty"`
}

// CronJob is a cron job.
// +versionName=v1
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:deprecatedversion
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Status CronJobStatus `json:"status,omitempty"`
}

// CronJobList lists cron jobs.
// +kubebuilder:object:root=true
// +kubebuilder:deprecatedversion
type CronJobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronJob `json:"items"`
}
