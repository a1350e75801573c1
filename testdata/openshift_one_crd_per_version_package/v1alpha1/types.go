// The v1alpha1 version of Thing: a CRD of its own, which no version of another package is merged into.
package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing is a thing of v1alpha1, gated by Alpha.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=things,scope=Cluster
// +openshift:enable:FeatureGate=Alpha
// +openshift:file-pattern=cvoRunLevel=0000_20,operatorName=layout,operatorOrdering=02
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// color is what color.
	// +optional
	Color string `json:"color,omitempty"`
}
