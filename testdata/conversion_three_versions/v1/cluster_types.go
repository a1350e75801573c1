// This case proves conversion between three versions through the hub v1:
// a rename (size -> capacity), a move (spec.replicas -> spec.scaling.replicas),
// a string -> struct change by hand (storage), fields only in v1 (tier,
// scaling.maxSurge, ports[].appProtocol inside a map-keyed list), values
// that become pointers (paused; storage in v1beta1) and a dropped field
// (legacyMode).
package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Cluster is a fleet of machines.
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ClusterSpec   `json:"spec,omitempty"`
	Status ClusterStatus `json:"status,omitempty"`
}

// ClusterSpec is the desired cluster.
type ClusterSpec struct {
	// Capacity is the machine size class; v1alpha1 called it size.
	// +crdgen:conversion:from=v1alpha1/size
	// +optional
	Capacity string `json:"capacity,omitempty"`
	// Scaling says how many machines run.
	// +optional
	Scaling *ScalingSpec `json:"scaling,omitempty"`
	// Storage is the disk of each machine (a pointer in v1beta1).
	// +optional
	Storage StorageSpec `json:"storage,omitempty,omitzero"`
	// Ports are the ports the cluster serves, by name.
	// +listType=map
	// +listMapKey=name
	// +optional
	Ports []Port `json:"ports,omitempty"`
	// Tier is the support tier, new in v1.
	// +optional
	Tier string `json:"tier,omitempty"`
	// Labels go on every machine.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Paused stops reconciling; unset means not paused.
	// +optional
	Paused *bool `json:"paused,omitempty"`
}

// ScalingSpec says how many machines run.
type ScalingSpec struct {
	// Replicas is the number of machines; v1alpha1 had it at spec.replicas.
	// +crdgen:conversion:from=.spec.replicas
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// MaxSurge is how many extra machines an update may add, new in v1.
	// +optional
	MaxSurge *int32 `json:"maxSurge,omitempty"`
}

// StorageSpec is a disk.
type StorageSpec struct {
	// Class is the storage class.
	// +optional
	Class string `json:"class,omitempty"`
	// Size is the disk size.
	// +optional
	Size resource.Quantity `json:"size,omitempty"`
}

// Protocol is a network protocol.
type Protocol string

// Port is a served port.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
	// +optional
	Protocol Protocol `json:"protocol,omitempty"`
	// AppProtocol is the application protocol, new in v1.
	// +optional
	AppProtocol *string `json:"appProtocol,omitempty"`
}

// Phase is where the cluster is in its life.
type Phase string

// ClusterStatus is the observed cluster.
type ClusterStatus struct {
	// +optional
	Phase Phase `json:"phase,omitempty"`
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// ClusterList is a list of clusters.
type ClusterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cluster `json:"items"`
}
