// Package emptygroup has a kind and an empty +groupName.
//
// +groupName=
package emptygroup

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Core would be in the core group.
type Core struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
