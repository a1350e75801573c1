package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Cluster is a fleet of machines.
// +kubebuilder:subresource:status
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ClusterSpec   `json:"spec,omitempty"`
	Status ClusterStatus `json:"status,omitempty"`
}

// ClusterSpec is the desired cluster.
type ClusterSpec struct {
	// Size is the machine size class.
	// +optional
	Size string `json:"size,omitempty"`
	// Replicas is the number of machines.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Storage is the disk of each machine as <class>:<size>, like fast:10Gi.
	// +optional
	Storage string `json:"storage,omitempty"`
	// Ports are the ports the cluster serves, by name.
	// +listType=map
	// +listMapKey=name
	// +optional
	Ports []Port `json:"ports,omitempty"`
	// Labels go on every machine.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Paused stops reconciling.
	// +optional
	Paused bool `json:"paused,omitempty"`
	// LegacyMode ran old machine images; v1beta1 removed it.
	// +crdgen:conversion:drop
	// +optional
	LegacyMode bool `json:"legacyMode,omitempty"`
}

// Protocol is a network protocol.
type Protocol string

// Port is a served port.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
	// +optional
	Protocol Protocol `json:"protocol,omitempty"`
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
