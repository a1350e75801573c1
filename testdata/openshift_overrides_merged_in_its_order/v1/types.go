// Hand-written overrides (v1/manual-override-crd-manifests/<crd>/) merged into the generated CRD: maps key by key, the CRD API's atomic lists whole, an annotation ending in '-' removed, each override in the sets its gate and cluster profile annotations select.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Route is a route.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=routes,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
// +kubebuilder:metadata:annotations="example.com/drop-me=true"
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RouteSpec `json:"spec"`
	// +optional
	Status RouteStatus `json:"status,omitempty"`
}

// RouteSpec says where a route goes.
type RouteSpec struct {
	// host is where to.
	// +required
	Host string `json:"host"`
	// port is which port: a number or a name.
	// +optional
	Port string `json:"port,omitempty"`
	// replicas is how many.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// cidrs are networks.
	// +listType=atomic
	// +optional
	CIDRs []string `json:"cidrs,omitempty"`
}

// RouteStatus is where a route is.
type RouteStatus struct {
	// replicas is how many there are.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}
