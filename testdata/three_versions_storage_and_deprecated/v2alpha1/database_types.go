package v2alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// DatabaseSpec is an internal draft.
type DatabaseSpec struct {
	// Engine to run.
	Engine string `json:"engine"`
}

// Database in v2alpha1 is a hub-internal draft that never reaches the CRD.
// +kubebuilder:skipversion
type Database struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DatabaseSpec `json:"spec"`
}
