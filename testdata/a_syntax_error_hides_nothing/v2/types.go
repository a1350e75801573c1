// +groupName=syntax.example.com
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget is fine but for a typo.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +kubebuilder:validation:MinLenght=1
	// +optional
	Name string `json:"name,omitempty"`
}
