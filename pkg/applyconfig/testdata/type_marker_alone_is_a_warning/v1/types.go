// Package v1 turns apply configurations on for one type only.
// +kubebuilder:object:generate=true
// +groupName=solo.example.com
package v1

// This case proves +kubebuilder:ac:generate=true on a type of a package
// that is not marked turns nothing on, and says so (controller-gen writes
// nothing, silently).

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// SchemeGroupVersion is the group and version of these types.
var SchemeGroupVersion = schema.GroupVersion{Group: "solo.example.com", Version: "v1"}

// Kite is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:resource
// +kubebuilder:ac:generate=true
type Kite struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// span in centimeters.
	Span int32 `json:"span,omitempty"`
}
