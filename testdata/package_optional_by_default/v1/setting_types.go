// This case proves that the package marker +kubebuilder:validation:Optional makes fields optional unless a field marker says otherwise.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// SettingSpec has no omitempty anywhere.
type SettingSpec struct {
	// Key is required by its marker.
	// +required
	Key string `json:"key"`
	// Value is optional by the package default.
	Value string `json:"value"`
	// Legacy is required by the kubebuilder marker.
	// +kubebuilder:validation:Required
	Legacy string `json:"legacy"`
}

// Setting is a kind.
type Setting struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SettingSpec `json:"spec"`
}
