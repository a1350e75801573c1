// Package v1beta1 is the older version of the kind, defined over v1's.
// +groupName=defined.crdgen.dev
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "github.com/crdgen/crdgen/testdata/kinds_defined_over_a_kind_are_its_versions/v1"
)

// Widget is v1's Widget, served as v1beta1 and deprecated.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:deprecatedversion:warning="use v1"
type Widget v1.Widget

// WidgetList is a list of widgets.
// +kubebuilder:object:root=true
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
