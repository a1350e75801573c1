// This file is the deprecated v1beta1 of Shape, whose spec has no name.
package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ShapeSpec is the first shape of the spec.
type ShapeSpec struct {
	// Size of the shape.
	Size int32 `json:"size"`
}

// Shape is served but deprecated in v1beta1.
// +kubebuilder:deprecatedversion:warning="e2e.crdgen.dev/v1beta1 Shape is deprecated; use e2e.crdgen.dev/v1"
type Shape struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ShapeSpec `json:"spec"`
}
