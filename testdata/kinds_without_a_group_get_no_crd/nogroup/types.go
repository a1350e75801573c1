// Package nogroup has a kind but no +groupName.
package nogroup

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Orphan has no group.
type Orphan struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
