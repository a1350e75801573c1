package v1alpha1

// This case proves a cluster-scoped kind's constructor and Extract
// functions take no namespace, and that a kind without a Status member
// gets no status extractor.

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RegionSpec describes a region.
type RegionSpec struct {
	// zones of the region.
	Zones []string `json:"zones,omitempty"`
	// primary is the main zone.
	Primary string `json:"primary"`
}

// Region is a cluster-scoped place.
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
type Region struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RegionSpec `json:"spec,omitempty"`
}

// RegionList lists regions.
// +kubebuilder:object:root=true
type RegionList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Region `json:"items"`
}
