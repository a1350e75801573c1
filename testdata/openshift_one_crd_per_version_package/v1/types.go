// openshift's layout: each version package makes its own single-version CRD, in its zz_generated.crd-manifests, named by +openshift:file-pattern.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing is a thing of v1, the same everywhere: one file, named for its run
// level, operator and ordering.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=things,scope=Cluster
// +openshift:file-pattern=cvoRunLevel=0000_20,operatorName=layout,operatorOrdering=02
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// size is how big.
	// +optional
	Size int32 `json:"size,omitempty"`
}

// Managed is only in the SelfManagedHA cluster profile, and its manifest
// applies where Delta is on: with one CRD for every set, no feature-set
// annotation says so.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=manageds,scope=Cluster
// +kubebuilder:metadata:annotations="include.release.openshift.io/self-managed-high-availability=true"
// +kubebuilder:metadata:annotations="release.openshift.io/feature-gate=Delta"
type Managed struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Hosted differs between cluster profiles (Delta is on in Hypershift's
// TechPreviewNoUpgrade only): a file per profile and feature set where
// they differ.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=hosteds,scope=Cluster
// +openshift:file-pattern=operatorOrdering=03
type Hosted struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// delta exists where Delta is on.
	// +openshift:enable:FeatureGate=Delta
	// +optional
	Delta string `json:"delta,omitempty"`
}
