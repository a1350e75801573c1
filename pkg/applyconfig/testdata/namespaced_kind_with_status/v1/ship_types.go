package v1

// This case proves a namespaced kind with TypeMeta, ObjectMeta, a spec and a
// status gets a constructor with a namespace, Extract functions and a status
// extractor, and that its spec and status get apply configurations.

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// NOTE: json tags are required.

// ShipSpec defines the desired state of Ship.
type ShipSpec struct {
	// name is the ship's name.
	// +required
	Name string `json:"name"`

	// crew counts the people aboard, by role.
	// +optional
	Crew map[string]int32 `json:"crew,omitempty"`

	// ports are the ports the ship calls at, in order.
	// +listType=atomic
	// +optional
	Ports []string `json:"ports,omitempty"`

	// captain commands the ship.
	// +optional
	Captain *Person `json:"captain,omitempty"`
}

// Person is somebody aboard.
type Person struct {
	// name is the person's name.
	Name string `json:"name"`
	// age in years.
	// +optional
	Age *int32 `json:"age,omitempty"`
}

// ShipStatus defines the observed state of Ship.
type ShipStatus struct {
	// conditions represent the current state of the Ship.
	//
	// Standard condition types include:
	// - "Available": the ship sails
	// - "Degraded": the ship leaks
	//
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// lastSeen is when the ship was last seen.
	// +optional
	LastSeen *metav1.Time `json:"lastSeen,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:path=ships

// Ship is the Schema for the ships API.
type Ship struct {
	metav1.TypeMeta `json:",inline"`

	// metadata is a standard object metadata
	// +optional
	metav1.ObjectMeta `json:"metadata,omitzero"`

	// spec defines the desired state of Ship
	// +required
	Spec ShipSpec `json:"spec"`

	// status defines the observed state of Ship
	// +optional
	Status ShipStatus `json:"status,omitzero"`
}

// +kubebuilder:object:root=true

// ShipList contains a list of Ship.
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitzero"`
	Items           []Ship `json:"items"`
}
