package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// DatabaseSpec adds a version.
type DatabaseSpec struct {
	// Engine to run.
	Engine string `json:"engine"`
	// Version of the engine.
	// +optional
	Version string `json:"version,omitempty"`
}

// Database is no longer served in v1beta1.
// +kubebuilder:unservedversion
// +kubebuilder:deprecatedversion
// +kubebuilder:resource:shortName=db
type Database struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DatabaseSpec `json:"spec"`
}
