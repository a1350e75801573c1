// This file proves, with v1beta1 and v2, that one object is served at every served version under the None conversion strategy.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ShapeSpec is the v1 spec: it adds name to v1beta1's.
type ShapeSpec struct {
	// Size of the shape.
	Size int32 `json:"size"`
	// Name of the shape.
	// +optional
	Name string `json:"name,omitempty"`
}

// Shape is stored as v1.
// +kubebuilder:storageversion
type Shape struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ShapeSpec `json:"spec"`
}
