// This case proves that two kinds of a group whose CRDs would share a name are errors at both (crdgen wrote one CRD fewer, silently, when a second kind said +kubebuilder:resource:path=widgets): plurals, singulars, short names, and a kind that is another's list kind.
//
// +groupName=collide.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
// +kubebuilder:resource:shortName=w
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Gadget says its plural is widgets.
// +kubebuilder:resource:path=widgets
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Wheel takes Widget's short name, and its own singular is another's plural.
// +kubebuilder:resource:shortName=w,singular=sprockets
type Wheel struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Gizmo is a gizmo.
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// GizmoList is a kind of its own, named like Gizmo's list kind.
type GizmoList struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Sprocket is a sprocket; Wheel took its plural as a singular.
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
