// A package turned on with deepcopy-gen's tag: the text before the first
// ',' is "package".
// +k8s:deepcopy-gen=package,register
package legacy

// A gets methods.
type A struct{ Items []string }

// B is turned off.
// +k8s:deepcopy-gen=false
type B struct{ Items []string }
