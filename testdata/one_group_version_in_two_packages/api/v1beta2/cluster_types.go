// This case proves that one group-version may be declared by two packages (cluster-api's api/v1beta2 and exp/api/v1beta2), each with its own kinds, as controller-gen allows: each kind gets its CRD.
//
// +groupName=infrastructure.example.com
package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Cluster is a cluster.
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec ClusterSpec `json:"spec,omitempty"`
}

// ClusterSpec is a cluster's spec.
type ClusterSpec struct {
	// Region of the cluster.
	Region string `json:"region"`
}

// ClusterList lists clusters.
type ClusterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cluster `json:"items"`
}
