package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ThingSpec is a thing's spec.
type ThingSpec struct {
	// Misspelt names a gate no set knows.
	// +crdgen:featureGate=Preveiw
	// +optional
	Misspelt string `json:"misspelt,omitempty"`
	// BadName is no gate name.
	// +crdgen:featureGate=9lives
	// +optional
	BadName string `json:"badName,omitempty"`
	// NoMarker has a condition and nothing under it.
	// +crdgen:when:Preview
	// +optional
	NoMarker string `json:"noMarker,omitempty"`
	// NotSchema puts a condition on a marker that is not a schema marker.
	// +crdgen:when:Preview:optional
	NotSchema string `json:"notSchema,omitempty"`
	// Span names a gate no set knows.
	// <crdgen:when=Prevue>Only in preview.</crdgen:when>
	// +optional
	Span string `json:"span,omitempty"`
	// Nested puts a gate under a condition.
	// +crdgen:when:Preview:crdgen:featureGate=Preview
	// +optional
	Nested string `json:"nested,omitempty"`
}

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec,omitempty"`
}

// ThingList is a list of things.
type ThingList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Thing `json:"items"`
}
