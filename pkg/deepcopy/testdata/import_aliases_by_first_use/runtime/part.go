// Package runtime is a local package whose name is that of
// k8s.io/apimachinery/pkg/runtime.
// +kubebuilder:object:generate=true
package runtime

// Part is used by v3.
type Part struct {
	Names []string
}
