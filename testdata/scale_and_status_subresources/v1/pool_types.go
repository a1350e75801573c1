// This case proves that +kubebuilder:subresource:status and :scale enable the subresources with the right paths.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// PoolSpec is the desired state.
type PoolSpec struct {
	// Replicas wanted.
	// +kubebuilder:validation:Minimum=0
	Replicas int32 `json:"replicas"`
	// Selector of the pool's pods.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
}

// PoolStatus is the observed state.
type PoolStatus struct {
	// Replicas running.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Selector of the pods, as a string, for kubectl scale and the HPA.
	// +optional
	Selector string `json:"selector,omitempty"`
}

// Pool is a scalable pool of workers.
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PoolSpec   `json:"spec"`
	Status PoolStatus `json:"status,omitempty"`
}
