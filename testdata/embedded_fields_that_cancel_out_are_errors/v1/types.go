// This case proves that two fields of one JSON name promoted from embedded structs at the same depth are an error: encoding/json writes neither of them, so a schema with the field would describe nothing Go writes.
//
// +groupName=cancel.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Left is embedded beside Right.
type Left struct {
	// Shared is also Right's.
	// +optional
	Shared string `json:"shared,omitempty"`
}

// Right is embedded beside Left.
type Right struct {
	// Shared is also Left's.
	// +optional
	Shared string `json:"shared,omitempty"`
}

// WidgetSpec embeds both.
type WidgetSpec struct {
	Left  `json:",inline"`
	Right `json:",inline"`
}

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
