package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// EngineSpec is what an engine should be.
type EngineSpec struct {
	// Replicas is how many engines run.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Engine is the old version of the kind.
// +kubebuilder:resource:scope=Cluster,shortName=eng;en,categories=machines,singular=engine
// +kubebuilder:deprecatedversion:warning="keywords.crdgen.dev/v1beta1 Engine is deprecated; use v1"
type Engine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EngineSpec `json:"spec,omitempty"`
}
