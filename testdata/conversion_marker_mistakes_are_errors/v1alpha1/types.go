// +groupName=store.example.com
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
	Size string `json:"size,omitempty"`
	// Renames belong on the hub.
	// +crdgen:conversion:from=capacity
	// +optional
	Owner string `json:"owner,omitempty"`
	// +optional
	Region string `json:"region,omitempty"`
	// +optional
	Zone string `json:"zone,omitempty"`
}
