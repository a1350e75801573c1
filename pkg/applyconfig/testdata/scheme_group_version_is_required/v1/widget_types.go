package v1

// This case proves a package without SchemeGroupVersion is an error at
// its +kubebuilder:ac:generate marker: the generated utils.go refers to
// it. controller-gen writes a utils.go that does not compile.

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Widget is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:resource
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// size of the widget.
	Size int32 `json:"size,omitempty"`
}
