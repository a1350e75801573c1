package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Boost is a type that exists only where Preview is on: a field of it
// goes with it.
// +crdgen:featureGate=Preview
type Boost struct {
	// Factor multiplies.
	Factor int32 `json:"factor,omitempty"`
}

// WidgetSpec is a widget's spec.
// +kubebuilder:validation:XValidation:rule="self.size >= 0",message="size is not negative"
// +crdgen:when:Preview:kubebuilder:validation:XValidation:rule="!has(self.turbo) || self.size > 0",message="turbo needs a size"
type WidgetSpec struct {
	// Size is how big the widget is.
	// <crdgen:when=Preview>
	// With Preview on, it may go up to 100.
	// </crdgen:when>
	// <crdgen:when=!Preview>
	// It may go up to 10.
	// </crdgen:when>
	// +crdgen:when:!Preview:kubebuilder:validation:Maximum=10
	// +crdgen:when:Preview:kubebuilder:validation:Maximum=100
	Size int32 `json:"size"`
	// Mode is how the widget runs.
	// +kubebuilder:validation:Enum=Fast;Slow
	// +crdgen:when:Preview:kubebuilder:validation:Enum=Fast;Slow;Turbo
	// +optional
	Mode string `json:"mode,omitempty"`
	// Turbo exists only where Preview is on.
	// +crdgen:featureGate=Preview
	// +optional
	Turbo bool `json:"turbo,omitempty"`
	// Boost exists where its type does.
	// +optional
	Boost *Boost `json:"boost,omitempty"`
	// Classic exists only where Preview is off.
	// +crdgen:featureGate=!Preview
	// +optional
	Classic bool `json:"classic,omitempty"`
	// Color defaults to red, and to blue where Preview is on (a +default
	// replaces a +kubebuilder:default: they set the same keyword).
	// +kubebuilder:default=red
	// +crdgen:when:Preview:default="blue"
	// +optional
	Color string `json:"color,omitempty"`
	// Levels are at most 5 each, and at most 9 where Preview is on.
	// +kubebuilder:validation:items:Maximum=5
	// +crdgen:when:Preview:kubebuilder:validation:items:Maximum=9
	// +optional
	Levels []int32 `json:"levels,omitempty"`
	// Pin is required where Preview is on.
	// +crdgen:when:Preview:k8s:required
	Pin string `json:"pin,omitempty"`
	// Old exists where Legacy is on, which no set turns on: crdgen warns.
	// +crdgen:featureGate=Legacy
	// +optional
	Old string `json:"old,omitempty"`
}

// Widget is in every set.
// +kubebuilder:storageversion
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetList is a list of widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// Gizmo is a kind only the preview set has.
// +crdgen:featureGate=Preview
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is a gizmo's spec.
	Spec GizmoSpec `json:"spec,omitempty"`
}

// GizmoSpec is a gizmo's spec.
type GizmoSpec struct {
	// Color is a gizmo's color.
	Color string `json:"color,omitempty"`
}

// GizmoList is a list of gizmos.
// +crdgen:featureGate=Preview
type GizmoList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gizmo `json:"items"`
}
