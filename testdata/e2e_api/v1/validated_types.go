// This file proves that the OpenAPI validation markers reject bad objects on the API server, each at its own field path.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ValidatedSpec has one validation marker per field.
type ValidatedSpec struct {
	// Replicas is between 1 and 10.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Handle is a lower-case word of at most 12 characters.
	// +kubebuilder:validation:Pattern=`^[a-z][a-z0-9-]*$`
	// +kubebuilder:validation:MaxLength=12
	// +optional
	Handle string `json:"handle,omitempty"`
	// Speed is one of two values.
	// +kubebuilder:validation:Enum=Fast;Slow
	// +optional
	Speed string `json:"speed,omitempty"`
	// Tags hold at most two items.
	// +kubebuilder:validation:MaxItems=2
	// +optional
	Tags []string `json:"tags,omitempty"`
	// Owner is required.
	// +required
	Owner string `json:"owner"`
	// ID is a UUID.
	// +kubebuilder:validation:Format=uuid
	// +optional
	ID string `json:"id,omitempty"`
}

// Validated is a kind with validated fields.
type Validated struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ValidatedSpec `json:"spec"`
}
