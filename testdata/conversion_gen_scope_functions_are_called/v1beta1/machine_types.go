// This case proves that a package converted with conversion-gen is left to it unless it opts in, and that once it opts in (+crdgen:conversion:generate), its hand-written Convert_ functions with conversion-gen's conversion.Scope are called as they are: the functions crdgen generates there take the scope and pass it along, so the hand-written ones that call autoConvert_ with it compile.
package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// MachineSpec is a machine's spec.
type MachineSpec struct {
	// ProviderID names the machine at its provider.
	// +optional
	ProviderID string `json:"providerID,omitempty"`
	// Version of the machine's software, with a leading v.
	// +optional
	Version string `json:"version,omitempty"`
}

// Machine is a machine.
type Machine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec MachineSpec `json:"spec,omitempty"`
}
