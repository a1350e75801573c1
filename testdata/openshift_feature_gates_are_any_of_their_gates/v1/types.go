// OpenShift's feature gate markers: a field or kind gated by any of its gates, and validations per gate, composed as openshift's generator composes its sets.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a widget.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=widgets,scope=Cluster
// +openshift:file-pattern=cvoRunLevel=0000_10,operatorName=example,operatorOrdering=01
// +openshift:api-approved.openshift.io=https://github.com/openshift/api/pull/1
// +openshift:capability=Example
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is what a widget is: the rule without a gate holds only where
// no gate of the CRD is on (openshift's generator replaces a node's rules
// with those of each gate's build), and the rule of Alpha where Alpha is.
// +openshift:validation:FeatureGateAwareXValidation:featureGate="",rule="self.plain != 'y'",message="plain is not y where no gate is on"
// +openshift:validation:FeatureGateAwareXValidation:featureGate=Alpha,rule="self.plain != 'x'",message="plain is not x where Alpha is on"
type WidgetSpec struct {
	// plain is in every set.
	// +optional
	Plain string `json:"plain,omitempty"`
	// alpha exists where Alpha is on.
	// +openshift:enable:FeatureGate=Alpha
	// +optional
	Alpha string `json:"alpha,omitempty"`
	// alphaOrGamma exists where Alpha or Gamma is on.
	// +openshift:enable:FeatureGate=Alpha
	// +openshift:enable:FeatureGate=Gamma
	// +optional
	AlphaOrGamma string `json:"alphaOrGamma,omitempty"`
	// unread is in every set: no generator reads this marker.
	// +openshift:validation:featureGate=Alpha
	// +optional
	Unread string `json:"unread,omitempty"`
	// mode is A or B, C too where Alpha is on, D too where Alpha and Beta are.
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// items has one item, five where Alpha is on.
	// +openshift:validation:FeatureGateAwareMaxItems:featureGate="",maxItems=1
	// +openshift:validation:FeatureGateAwareMaxItems:featureGate=Alpha,maxItems=5
	// +listType=atomic
	// +optional
	Items []string `json:"items,omitempty"`
	// part is a type whose own gate gates nothing.
	// +optional
	Part Part `json:"part,omitempty"`
}

// Mode is a mode.
// +openshift:validation:FeatureGateAwareEnum:featureGate="",enum=A;B
// +openshift:validation:FeatureGateAwareEnum:featureGate=Alpha,enum=A;B;C
// +openshift:validation:FeatureGateAwareEnum:requiredFeatureGate=Alpha;Beta,enum=A;B;C;D
type Mode string

// Part is a part.
// +openshift:enable:FeatureGate=Gamma
type Part struct {
	// name names it.
	// +optional
	Name string `json:"name,omitempty"`
}

// Gizmo exists where Gamma is on, and where a gate one of its fields names
// is: openshift's generator merges the builds of the gates on in a set.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=gizmos,scope=Namespaced
// +openshift:enable:FeatureGate=Gamma
// +openshift:file-pattern=operatorName=example
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// beta exists where Beta is on.
	// +openshift:enable:FeatureGate=Beta
	// +optional
	Beta string `json:"beta,omitempty"`
}

// Config is no CRD: only +kubebuilder:object:root types are.
type Config struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
