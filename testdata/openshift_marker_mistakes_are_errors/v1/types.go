// Mistakes in OpenShift's markers and overrides: each is reported at its line, and nothing is written.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=widgets,scope=Cluster
// +openshift:file-pattern=operatorName=mistakes,operatorComponent=x
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is what a widget is.
type WidgetSpec struct {
	// Misspelt marker.
	// +openshift:enable:FeatureGates=Alpha
	// +optional
	Misspelt string `json:"misspelt,omitempty"`
	// Misspelt gate.
	// +openshift:enable:FeatureGate=Alhpa
	// +optional
	Gate string `json:"gate,omitempty"`
	// No gate at all.
	// +openshift:validation:FeatureGateAwareEnum:enum=a;b
	// +optional
	NoGate string `json:"noGate,omitempty"`
	// A condition that does not parse.
	// +crdgen:featureGate=Alpha|
	// +optional
	Malformed string `json:"malformed,omitempty"`
}
