// A package where +kubebuilder:object:generate=false wins over
// deepcopy-gen's +k8s:deepcopy-gen=package: only B, turned on, gets
// methods.
// +kubebuilder:object:generate=false
// +k8s:deepcopy-gen=package
package legacyoff

// A is off.
type A struct{ Items []string }

// B turns itself on.
// +k8s:deepcopy-gen=true
type B struct{ Items []string }
