// Package shared holds named types that other packages define their own types over.
package shared

// HeaderName is the name of an HTTP header.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=256
// +kubebuilder:validation:Pattern=`^[A-Za-z0-9!#$%&'*+\-.^_\x60|~]+$`
type HeaderName string

// Protocol is a network protocol.
// +kubebuilder:validation:Enum=TCP;UDP
type Protocol string
