// The CRD of suites written for openshift/api's envtest harness, read as that harness reads them (test.harness: openshift).
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=widgets,scope=Cluster
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is what a widget is.
type WidgetSpec struct {
	// name is lower case.
	// +kubebuilder:validation:XValidation:rule="self == self.lowerAscii()",message="name must be lower case"
	// +optional
	Name string `json:"name,omitempty"`
	// alpha exists where Alpha is on.
	// +openshift:enable:FeatureGate=Alpha
	// +optional
	Alpha string `json:"alpha,omitempty"`
}
