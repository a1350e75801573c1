// Package v1 of the import alias case: the local API version the others
// import.
// +kubebuilder:object:generate=true
package v1

// Local is imported by v2 and v3.
type Local struct {
	Items []string
}
