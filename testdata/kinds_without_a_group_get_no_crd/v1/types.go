// This case proves that a kind in a package without a +groupName, or with an empty one, gets no CRD and a warning (controller-gen writes _orphans.yaml or _<plural>.yaml with no group, which the API server rejects), while the other packages' kinds get theirs.
//
// +groupName=grouped.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget has a group.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
