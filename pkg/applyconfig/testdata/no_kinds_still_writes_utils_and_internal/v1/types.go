// Package v1 turns apply configurations on but has no kind.
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=empty.example.com
package v1

// This case proves a package with generation on and no root still gets
// utils.go (an empty ForKind) and internal/internal.go (only the untyped
// entries), and that no type file is written.

// Settings is a plain struct no kind reaches.
type Settings struct {
	// verbose logging.
	Verbose bool `json:"verbose,omitempty"`
}
