// This case proves the warnings about printer columns and formats: two columns kubectl prints under one name, a JSONPath that names no field (an always empty column), paths through lists and filters that are fine, and a format the API server does not know.
//
// +groupName=columns.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Condition is a condition.
type Condition struct {
	// Type of the condition.
	Type string `json:"type"`
	// Status of the condition.
	Status string `json:"status"`
}

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// Replicas wanted.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Contact, in a format the API server does not know.
	// +kubebuilder:validation:Format=telephone
	// +optional
	Contact string `json:"contact,omitempty"`
}

// WidgetStatus is a widget's status.
type WidgetStatus struct {
	// Conditions of the widget.
	// +optional
	Conditions []Condition `json:"conditions,omitempty"`
}

// Widget is a widget.
// +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=.spec.replicas
// +kubebuilder:printcolumn:name=replicas,type=integer,JSONPath=.spec.replicas
// +kubebuilder:printcolumn:name=Size,type=integer,JSONPath=.spec.size
// +kubebuilder:printcolumn:name=Ready,type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
// +kubebuilder:printcolumn:name=First,type=string,JSONPath=.status.conditions[0].type
// +kubebuilder:printcolumn:name=Owner,type=string,JSONPath=.metadata.labels.owner
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
	// +optional
	Status WidgetStatus `json:"status,omitempty"`
}
