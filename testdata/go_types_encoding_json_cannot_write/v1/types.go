// This case proves what is said of Go types that have no schema: a type that does not compile says why, channels and complex numbers are types encoding/json cannot write; and that integer map keys and uintptr, which encoding/json does write, are accepted.
//
// +groupName=gotypes.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is a widget's spec.
type WidgetSpec struct {
	// ByPort is keyed by integers, which encoding/json writes as strings.
	// +optional
	ByPort map[int32]string `json:"byPort,omitempty"`
	// Address is a uintptr, which encoding/json writes as a number.
	// +optional
	Address uintptr `json:"address,omitempty"`
	// Events is a channel.
	// +optional
	Events chan int `json:"events,omitempty"`
	// Phase is complex.
	// +optional
	Phase complex128 `json:"phase,omitempty"`
	// Missing names a type nobody declared.
	// +optional
	Missing Undeclared `json:"missing,omitempty"`
	// ByFlag is keyed by booleans, which encoding/json cannot write.
	// +optional
	ByFlag map[bool]string `json:"byFlag,omitempty"`
}

// Widget is a widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}
