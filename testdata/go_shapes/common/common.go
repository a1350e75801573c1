// Package common holds types shared by API versions; it is not an API group.
package common

// Reference names an object in another package.
type Reference struct {
	// Name of the object.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// Namespace of the object.
	// +optional
	Namespace string `json:"namespace,omitempty"`
}

// Level is a string type declared in another package.
// +kubebuilder:validation:Enum=low;high
type Level string
