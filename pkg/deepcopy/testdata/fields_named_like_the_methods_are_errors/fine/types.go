// Package fine beside it has no such fields: its code is written, and
// compiles.
// +kubebuilder:object:generate=true
package fine

// Plain is copied as ever.
type Plain struct {
	Tags []string `json:"tags"`
}
