// This case proves that numbers written in another base or with digit separators are errors that say what to write (controller-gen fails on them too), and that a bare number default on a string field is an error that says to quote it (controller-gen writes it as a number, which the API server rejects).
//
// +groupName=numbers.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FileSpec describes a file.
type FileSpec struct {
	// +kubebuilder:default=0644
	// +optional
	Mode string `json:"mode,omitempty"`
	// +kubebuilder:validation:MaxLength=0x1F
	Name string `json:"name"`
	// +kubebuilder:validation:Maximum=1_000
	// +optional
	Size int32 `json:"size,omitempty"`
	// +kubebuilder:validation:Enum=1;0b11
	// +optional
	Level int32 `json:"level,omitempty"`
	// +kubebuilder:default=+5
	// +optional
	Count int32 `json:"count,omitempty"`
}

// File is a file.
type File struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FileSpec `json:"spec"`
}
