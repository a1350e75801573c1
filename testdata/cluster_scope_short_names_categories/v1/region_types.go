// This case proves that +kubebuilder:resource sets the scope, plural, singular, short names and categories, and +kubebuilder:metadata the CRD's own labels and annotations.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// RegionSpec describes a region.
type RegionSpec struct {
	// Zones in the region.
	// +optional
	Zones []string `json:"zones,omitempty"`
}

// Region is a cluster-wide region.
// +kubebuilder:resource:scope=Cluster,path=regionz,singular=regionz-one,shortName={rg,reg},categories={infra,all}
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, experimental";"example.com/owner=team-infra"
// +kubebuilder:metadata:labels="app.kubernetes.io/part-of=infra"
// +kubebuilder:title=Region
type Region struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec of the region.
	// +kubebuilder:externalDocs:url="https://example.com/docs/regions",description="Region docs"
	// +kubebuilder:example={zones: {a, b}}
	Spec RegionSpec `json:"spec,omitempty"`
}
