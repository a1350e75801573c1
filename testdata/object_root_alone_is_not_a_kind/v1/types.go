// This case proves that a kind needs metav1.TypeMeta and metav1.ObjectMeta embedded, as controller-gen decides: +kubebuilder:object:root alone (an operator's configuration file type), an embedded *metav1.ObjectMeta, named TypeMeta and ObjectMeta fields, or a type defined over a kind get no CRD, so a default their schemas would reject stops nothing.
//
// +groupName=config.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// OperatorConfig is the operator's configuration file, never a CRD.
// +kubebuilder:object:root=true
type OperatorConfig struct {
	metav1.TypeMeta `json:",inline"`

	// Workers is how many workers run.
	// +kubebuilder:default=none
	Workers int32 `json:"workers"`
}

// PointerMeta embeds its ObjectMeta through a pointer.
// +kubebuilder:object:root=true
type PointerMeta struct {
	metav1.TypeMeta    `json:",inline"`
	*metav1.ObjectMeta `json:"metadata,omitempty"`
}

// NamedMeta names its TypeMeta and ObjectMeta fields.
type NamedMeta struct {
	TypeMeta   metav1.TypeMeta   `json:",inline"`
	ObjectMeta metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Widget is the one kind here.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size of the widget.
	// +optional
	Size int32 `json:"size,omitempty"`
}

// WidgetCopy is defined over a kind; its declaration embeds nothing.
type WidgetCopy Widget
