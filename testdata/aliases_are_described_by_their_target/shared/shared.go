// Package shared holds types that API packages alias.
package shared

// Ref points at an object by name.
type Ref struct {
	// Name of the object.
	Name string `json:"name"`
}

// Mode is how a thing runs.
// +kubebuilder:validation:Enum=fast;slow
type Mode string
