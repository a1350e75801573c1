package v1beta1

// This case proves +kubebuilder:ac:generate on a type: =false takes a
// resource out (nothing reaches it, so it gets nothing), =true makes a
// kind without +kubebuilder:resource a root, and a root without ObjectMeta
// gets no apply configuration of its own while what it reaches does. A
// +genclient written in the source makes a root as well.

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Lighthouse is a resource turned off.
// +kubebuilder:object:root=true
// +kubebuilder:resource
// +kubebuilder:ac:generate=false
type Lighthouse struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// height in meters.
	Height int32 `json:"height,omitempty"`
}

// Buoy is turned on without being a resource.
// +kubebuilder:object:root=true
// +kubebuilder:ac:generate=true
type Buoy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// color of the buoy.
	Color string `json:"color,omitempty"`
}

// Beacon is turned on but has no ObjectMeta.
// +kubebuilder:ac:generate=true
type Beacon struct {
	// lamp of the beacon.
	Lamp Lamp `json:"lamp"`
}

// Lamp is reached from Beacon only.
type Lamp struct {
	// watts of the lamp.
	Watts int32 `json:"watts,omitempty"`
}

// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:ac:generate=false

// Harbor is a root by its +genclient alone.
type Harbor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// berths of the harbor.
	Berths int32 `json:"berths,omitempty"`
}
