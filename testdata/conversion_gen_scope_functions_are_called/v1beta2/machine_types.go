package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// MachineSpec is a machine's spec.
type MachineSpec struct {
	// ProviderID names the machine at its provider.
	// +optional
	ProviderID string `json:"providerID,omitempty"`
	// Version of the machine's software.
	// +optional
	Version string `json:"version,omitempty"`
}

// Machine is a machine.
// +kubebuilder:storageversion
type Machine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec MachineSpec `json:"spec,omitempty"`
}
