package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GuestbookSpec defines the desired state of Guestbook.
// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
type GuestbookSpec struct {
	// MinReplicas is the fewest frontends to run.
	// +kubebuilder:validation:Minimum=1
	// +optional
	MinReplicas int32 `json:"minReplicas,omitempty"`

	// MaxReplicas is the most frontends to run.
	// +kubebuilder:validation:Maximum=100
	// +optional
	MaxReplicas int32 `json:"maxReplicas,omitempty"`

	// Title is shown at the top of the page.
	// +kubebuilder:validation:MaxLength=64
	// +required
	Title string `json:"title"`

	// Legacy are the settings of the first release.
	// +optional
	Legacy *LegacySettings `json:"legacy,omitempty"`
}

// LegacySettings are the settings of the first release.
//
//nolint:crdgen // the test writes a mistake here that golangci-lint must not report
type LegacySettings struct {
	// Theme is the page's colour scheme.
	// +kubebuilder:validation:MinLength=1
	// +optional
	Theme string `json:"theme,omitempty"`
}

// GuestbookStatus defines the observed state of Guestbook.
type GuestbookStatus struct {
	// Ready is how many frontends are ready.
	// +optional
	Ready int32 `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Guestbook is the Schema for the guestbooks API.
type Guestbook struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GuestbookSpec   `json:"spec,omitempty"`
	Status GuestbookStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GuestbookList contains a list of Guestbook.
type GuestbookList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Guestbook `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Guestbook{}, &GuestbookList{})
}
