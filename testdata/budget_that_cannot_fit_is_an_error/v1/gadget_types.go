// This case proves that a budget (maxCRDBytes in crdgen.yaml) that dropping every description below the top two levels of spec and status cannot meet is an error that says where the bytes are.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GadgetSpec is the spec (level 0: kept).
type GadgetSpec struct {
	// Size is at level 1 below spec: kept.
	// +kubebuilder:validation:Maximum=10
	Size int32 `json:"size"`
	// Parts are at level 1 below spec: kept.
	Parts []Part `json:"parts"`
}

// Part is at level 1 below spec, as the items of parts: kept.
type Part struct {
	// Name is at level 2: kept, however long it is. A description this long is still kept, because kubectl explain shows it when you ask about a part, and the budget never drops what kubectl explain shows first.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// Fitting is at level 2: kept.
	Fitting Fitting `json:"fitting"`
}

// Fitting is at level 2: kept.
type Fitting struct {
	// Bolt is at level 3, with a long description that goes before the short one beside it, as the largest of its depth. It is long, long, long.
	Bolt string `json:"bolt"`
	// Nut is at level 3, short.
	Nut string `json:"nut"`
	// Thread is at level 3.
	Thread Thread `json:"thread"`
}

// Thread is at level 3.
type Thread struct {
	// Pitch is at level 4: the deepest, dropped first.
	// +kubebuilder:validation:Pattern=`^[0-9]+(\.[0-9]+)?mm$`
	Pitch string `json:"pitch"`
	// Hand is at level 4: the deepest, dropped first.
	// +kubebuilder:validation:Enum=left;right
	Hand string `json:"hand"`
}

// GadgetStatus is the status (level 0: kept).
type GadgetStatus struct {
	// Ready is at level 1 below status: kept.
	Ready bool `json:"ready,omitempty"`
}

// Gadget is a kind.
// +kubebuilder:subresource:status
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec"`
	Status GadgetStatus `json:"status,omitempty"`
}
