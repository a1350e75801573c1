// This case proves that a change crdgen cannot convert is reported with the
// function to write, and that the generated code calls that function so the
// package does not compile until it exists.
//
// +groupName=store.example.com
// +crdgen:conversion:style=functions
// +crdgen:conversion:tests=false
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
	// +optional
	Storage StorageSpec `json:"storage,omitempty"`
	// +optional
	Owner string `json:"owner,omitempty"`
}

// StorageSpec is a disk.
type StorageSpec struct {
	// +optional
	Class string `json:"class,omitempty"`
}
