// This file proves that printer columns and selectable fields are served by the API server as declared.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// JobSpec is the desired state.
type JobSpec struct {
	// Queue the job runs in; selectable.
	Queue string `json:"queue"`
	// Parallelism of the job.
	// +optional
	Parallelism int32 `json:"parallelism,omitempty"`
	// Urgent jobs go first; selectable.
	// +optional
	Urgent bool `json:"urgent,omitempty"`
	// Owner of the job, shown only in wide output.
	// +optional
	Owner string `json:"owner,omitempty"`
}

// Job runs to completion.
// +kubebuilder:printcolumn:name="Queue",type=string,JSONPath=`.spec.queue`,description="Queue the job runs in"
// +kubebuilder:printcolumn:name="Parallelism",type=integer,format=int32,JSONPath=`.spec.parallelism`
// +kubebuilder:printcolumn:name="Urgent",type=boolean,JSONPath=`.spec.urgent`
// +kubebuilder:printcolumn:name="Owner",type=string,JSONPath=`.spec.owner`,priority=1
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
// +kubebuilder:selectablefield:JSONPath=`.spec.queue`
// +kubebuilder:selectablefield:JSONPath=`.spec.urgent`
type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec JobSpec `json:"spec"`
}
