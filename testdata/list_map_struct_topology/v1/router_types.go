// This case proves that listType, listMapKey, mapType and structType (and their +k8s: forms) reach the schema, on fields and on types.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Port is an item of a map list keyed by name and protocol.
type Port struct {
	// Name of the port.
	Name string `json:"name"`
	// Protocol of the port.
	// +kubebuilder:default=TCP
	// +optional
	Protocol string `json:"protocol,omitempty"`
	// Number of the port.
	Number int32 `json:"number"`
}

// Rules is a list type that declares its own topology.
// +listType=map
// +listMapKey=host
type Rules []Rule

// Rule routes a host.
type Rule struct {
	// Host to route.
	Host string `json:"host"`
	// Backend to route to.
	Backend string `json:"backend"`
}

// Selector is matched as a whole.
// +structType=atomic
type Selector struct {
	// App label.
	// +optional
	App string `json:"app,omitempty"`
}

// RouterSpec is the desired state.
type RouterSpec struct {
	// Ports keyed by name and protocol.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +optional
	Ports []Port `json:"ports,omitempty"`

	// Hostnames are a set.
	// +listType=set
	// +optional
	Hostnames []string `json:"hostnames,omitempty"`

	// Args are replaced as a whole.
	// +listType=atomic
	// +optional
	Args []string `json:"args,omitempty"`

	// Aliases use the +k8s: forms.
	// +k8s:listType=map
	// +k8s:listMapKey=host
	// +optional
	Aliases []Rule `json:"aliases,omitempty"`

	// Rules take their topology from their type.
	// +optional
	Rules Rules `json:"rules,omitempty"`

	// Labels are replaced as a whole.
	// +mapType=atomic
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Annotations merge key by key.
	// +mapType=granular
	// +optional
	Annotations map[string]string `json:"annotations,omitempty"`

	// Selector is atomic through its type.
	// +optional
	Selector *Selector `json:"selector,omitempty"`

	// Target is atomic through a field marker.
	// +structType=atomic
	// +optional
	Target *Rule `json:"target,omitempty"`
}

// Router routes traffic.
type Router struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RouterSpec `json:"spec,omitempty"`
}
