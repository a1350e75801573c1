// +groupName=store.example.com
// +crdgen:conversion:tests=false
package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Shop is a shop.
type Shop struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ShopSpec `json:"spec,omitempty"`
}

// ShopSpec is a shop's spec.
type ShopSpec struct {
	// +optional
	Storage string `json:"storage,omitempty"`
	// +optional
	Owner string `json:"owner,omitempty"`
	// +optional
	Legacy string `json:"legacy,omitempty"`
}
