package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// DatabaseSpec is the stable spec.
type DatabaseSpec struct {
	// Engine to run.
	// +kubebuilder:validation:Enum=postgres;mysql
	Engine string `json:"engine"`
	// Version of the engine.
	// +optional
	Version string `json:"version,omitempty"`
	// Replicas of the database.
	// +kubebuilder:default=1
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Database is stored as v1.
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=db
type Database struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DatabaseSpec `json:"spec"`
	// +optional
	Status DatabaseStatus `json:"status,omitempty"`
}

// DatabaseStatus is the observed state.
type DatabaseStatus struct {
	// Ready is true when the database accepts connections.
	// +optional
	Ready bool `json:"ready,omitempty"`
}
