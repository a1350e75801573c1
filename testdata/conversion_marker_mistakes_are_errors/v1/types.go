// This case proves that misused conversion markers and a hand-written
// function with the wrong signature are errors that point at the Go line,
// and that nothing is written then.
//
// +groupName=store.example.com
// +crdgen:conversion:style=method
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Shop is a shop.
// +kubebuilder:storageversion
type Shop struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ShopSpec `json:"spec,omitempty"`
}

// ShopSpec is a shop's spec.
type ShopSpec struct {
	// Capacity was size in v1alpha1.
	// +crdgen:conversion:from=v1alpha1/sise
	// +optional
	Capacity string `json:"capacity,omitempty"`
	// Owner comes from a version that does not exist.
	// +crdgen:conversion:from=v9/owner
	// +optional
	Owner string `json:"owner,omitempty"`
	// Region cannot be dropped: this is the hub.
	// +crdgen:conversion:drop
	// +optional
	Region string `json:"region,omitempty"`
	// Zone is a path without its leading dot.
	// +crdgen:conversion:from=spec.zone
	// +optional
	Zone string `json:"zone,omitempty"`
}
