// This file is v2 of Shape, whose spec adds a color that the v1 storage version has no field for.
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ShapeSpec adds color to v1's spec.
type ShapeSpec struct {
	// Size of the shape.
	Size int32 `json:"size"`
	// Name of the shape.
	// +optional
	Name string `json:"name,omitempty"`
	// Color exists only in v2.
	// +optional
	Color string `json:"color,omitempty"`
}

// Shape is served in v2, and stored as v1.
type Shape struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ShapeSpec `json:"spec"`
}
