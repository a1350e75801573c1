// This case proves that numbers in markers are decimal, as controller-gen reads them: a leading zero does not make a number octal, and a default that cannot be a number (0987) is a string.
//
// +groupName=numbers.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FileSpec describes a file.
type FileSpec struct {
	// Mode is the file's mode, in decimal.
	// +kubebuilder:default=0644
	// +optional
	Mode int32 `json:"mode,omitempty"`
	// Name is the file's name.
	// +kubebuilder:validation:MaxLength=010
	// +kubebuilder:validation:MinLength=01
	Name string `json:"name"`
	// Level is one of three.
	// +kubebuilder:validation:Enum=01;02;010
	// +optional
	Level int32 `json:"level,omitempty"`
	// Code reads as a string, as in controller-gen.
	// +kubebuilder:default=0987
	// +optional
	Code string `json:"code,omitempty"`
	// Size has bounds with leading zeros.
	// +kubebuilder:validation:Minimum=010
	// +kubebuilder:validation:Maximum=0100
	// +optional
	Size int32 `json:"size,omitempty"`
}

// File is a file.
type File struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FileSpec `json:"spec"`
}
