// This case proves that one kind declared in two packages of the same group-version is an error at both declarations (controller-gen writes a CRD with the version twice, or fails on the storage version, depending on the run).
//
// +groupName=twice.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is declared twice.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
