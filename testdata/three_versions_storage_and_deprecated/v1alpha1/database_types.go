// This case proves that versions of one kind form one CRD: sorted by name, one storage version, deprecated, unserved and skipped versions honoured.
package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// DatabaseSpec is the first shape of the spec.
type DatabaseSpec struct {
	// Engine to run.
	Engine string `json:"engine"`
}

// Database is served but deprecated in v1alpha1.
// +kubebuilder:deprecatedversion:warning="db.example.com/v1alpha1 is deprecated; use v1"
// +kubebuilder:resource:shortName=db
type Database struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DatabaseSpec `json:"spec"`
}
