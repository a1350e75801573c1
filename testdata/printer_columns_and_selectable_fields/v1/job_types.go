// This case proves that printer columns keep their order, type, format, description and priority, and that selectable fields reach the CRD.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// JobSpec is the desired state.
type JobSpec struct {
	// Queue the job runs in.
	Queue string `json:"queue"`
	// Parallelism of the job.
	// +optional
	Parallelism int32 `json:"parallelism,omitempty"`
}

// JobStatus is the observed state.
type JobStatus struct {
	// Phase of the job.
	// +kubebuilder:validation:Enum=Pending;Running;Done
	// +optional
	Phase string `json:"phase,omitempty"`
	// Succeeded pods.
	// +optional
	Succeeded int32 `json:"succeeded,omitempty"`
	// Ratio of success, as a decimal string.
	// +optional
	Ratio string `json:"ratio,omitempty"`
}

// Job runs to completion.
// +kubebuilder:printcolumn:name="Queue",type=string,JSONPath=`.spec.queue`,description="Queue the job runs in"
// +kubebuilder:printcolumn:name="Phase",type=string,JSONPath=`.status.phase`
// +kubebuilder:printcolumn:name="Succeeded",type=integer,format=int32,JSONPath=`.status.succeeded`
// +kubebuilder:printcolumn:name="Parallelism",type=integer,JSONPath=`.spec.parallelism`,priority=1
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
// +kubebuilder:selectablefield:JSONPath=`.spec.queue`
// +kubebuilder:selectablefield:JSONPath=`.status.phase`
// +kubebuilder:subresource:status
type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   JobSpec   `json:"spec"`
	Status JobStatus `json:"status,omitempty"`
}
