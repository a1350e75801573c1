// This case proves that a kind whose versions are not runtime.Objects (no DeepCopyObject, as in controller-tools' multiple_versions testdata) gets no generated conversion, and a note: Hub, ConvertTo and ConvertFrom need runtime.Objects, so the packages would stop compiling.
//
// +groupName=versions.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Size int32 `json:"size,omitempty"`
}
