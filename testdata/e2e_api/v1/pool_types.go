// This file proves that the status and scale subresources work on the API server with the paths the markers give.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// PoolSpec is the desired state.
type PoolSpec struct {
	// Replicas wanted, through the main resource or /scale.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	Replicas int32 `json:"replicas"`
	// Image of the workers.
	// +optional
	Image string `json:"image,omitempty"`
}

// PoolStatus is the observed state.
type PoolStatus struct {
	// Replicas running.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Selector of the workers, as a string, for the scale subresource.
	// +optional
	Selector string `json:"selector,omitempty"`
	// Phase of the pool.
	// +optional
	Phase string `json:"phase,omitempty"`
}

// Pool is a scalable pool of workers.
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PoolSpec `json:"spec"`
	// +optional
	Status PoolStatus `json:"status,omitempty"`
}
