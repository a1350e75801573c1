// This case proves that field markers combine with their type's markers: the tightest bound wins on the node itself (controller-gen leaves both in allOf and the node unbounded), enums intersect, and a field default replaces a type default.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Hostname is a DNS name.
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:MinLength=1
type Hostname string

// Percent is 0 to 100.
// +kubebuilder:validation:Minimum=0
// +kubebuilder:validation:Maximum=100
type Percent int32

// Size is one of three sizes.
// +kubebuilder:validation:Enum=S;M;L
type Size string

// Names is a bounded list.
// +kubebuilder:validation:MaxItems=100
type Names []string

// LimitSpec tightens its types' bounds.
type LimitSpec struct {
	// Short host names only.
	// +kubebuilder:validation:MaxLength=63
	Host Hostname `json:"host"`
	// Loose is wider than its type: the type's bound stays.
	// +kubebuilder:validation:MaxLength=1000
	Loose Hostname `json:"loose"`
	// At most 50 percent, strictly.
	// +kubebuilder:validation:Maximum=50
	// +kubebuilder:validation:ExclusiveMaximum=true
	Share Percent `json:"share"`
	// Small or medium.
	// +kubebuilder:validation:Enum=S;M
	// +kubebuilder:default=M
	// +optional
	Size Size `json:"size,omitempty"`
	// At most ten names of at most 20 characters.
	// +kubebuilder:validation:MaxItems=10
	// +kubebuilder:validation:items:MaxLength=20
	// +optional
	Names Names `json:"names,omitempty"`
}

// Limit is a kind.
type Limit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec LimitSpec `json:"spec"`
}
