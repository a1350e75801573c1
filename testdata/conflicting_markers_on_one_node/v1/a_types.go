// This case proves that markers on one node that conflict are reported at both lines, never a silent last-wins: two different values of one marker (also across its +kubebuilder: and +k8s: forms, and across the files of a package, as two +groupName), and optional with required (a warning saying which wins, as controller-gen decides).
//
// +groupName=conflict.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// +kubebuilder:validation:Maximum=5
	// +kubebuilder:validation:Maximum=10
	// +optional
	Size int32 `json:"size,omitempty"`
	// +kubebuilder:validation:Enum=a;b
	// +kubebuilder:validation:Enum=c
	// +optional
	Mode string `json:"mode,omitempty"`
	// +kubebuilder:validation:MaxItems=3
	// +k8s:maxItems=4
	// +optional
	Tags []string `json:"tags,omitempty"`
	// Said twice alike: nothing to report.
	// +kubebuilder:validation:MaxLength=8
	// +kubebuilder:validation:MaxLength=8
	Name string `json:"name"`
	// +optional
	// +kubebuilder:validation:Required
	Owner string `json:"owner,omitempty"`
}

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
